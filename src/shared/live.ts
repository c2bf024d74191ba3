/** What the server pushes to browsers (Server-Sent Events on GET {api}/live/stream). */
export const LIVE_TOPICS = ['warning', 'channel', 'equipment', 'order', 'board', 'notice', 'risk', 'notification'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveEvent {
  topic: LiveTopic;
  projectId?: number;
  /** The changed record's id, where there is one. */
  id?: number;
  /** Only this user's streams hear it (their own notifications). */
  userId?: number;
  at: string;
}
