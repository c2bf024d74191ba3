/** Placeholder for the /page/model/:id/:i drawing viewer; its feature owner replaces this file. */
export default function ModelView() {
  return <div data-placeholder="ModelView" />;
}
