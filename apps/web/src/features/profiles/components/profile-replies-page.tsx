// Placeholder page until its owner lands it (same session).
export default function Page() {
  return (
    <main>
      <h1>profile-replies-page</h1>
    </main>
  );
}
