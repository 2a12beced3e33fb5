// Placeholder page until its owner lands it (same session).
export default function Page() {
  return (
    <main>
      <h1>settings-page</h1>
    </main>
  );
}
