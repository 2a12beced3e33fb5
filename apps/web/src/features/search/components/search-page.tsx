// Placeholder page until its owner lands it (same session).
export default function Page() {
  return (
    <main>
      <h1>Search</h1>
    </main>
  );
}
