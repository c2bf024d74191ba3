/** Placeholder for the /page/project/:id wall; its feature owner replaces this file. */
export default function ProjectWall() {
  return <div data-placeholder="ProjectWall" />;
}
