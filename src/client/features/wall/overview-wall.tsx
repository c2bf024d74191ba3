/** Placeholder for the /page overview wall; its feature owner replaces this file. */
export default function OverviewWall() {
  return <div data-placeholder="OverviewWall" />;
}
