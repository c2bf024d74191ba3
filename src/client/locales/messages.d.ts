/** The shared messages in one language (vite.config.ts localeMessages): what each language's part-core carries. */
declare module '@shared/messages?locale=*' {
  import type { MessageKey } from '@shared/messages';

  const messages: Record<MessageKey, string>;
  export default messages;
}
