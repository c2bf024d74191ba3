/** Placeholder for the /test diagnostics and component gallery; its feature owner replaces this file. */
export default function TestPage() {
  return <div data-placeholder="TestPage" />;
}
