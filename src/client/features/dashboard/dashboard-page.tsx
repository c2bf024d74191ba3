/** Placeholder for the /main statistics dashboard; its feature owner replaces this file. */
export default function DashboardPage() {
  return <div data-placeholder="DashboardPage" />;
}
