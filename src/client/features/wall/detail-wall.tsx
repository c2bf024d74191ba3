/** Placeholder for the /page/detail statistics wall; its feature owner replaces this file. */
export default function DetailWall() {
  return <div data-placeholder="DetailWall" />;
}
