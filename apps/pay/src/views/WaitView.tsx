/** View `wait`: shown while the dialog waits for the page or loads the guest. */
export function WaitView({ label }: { label: string }) {
  return (
    <section className="view view-wait" data-view="wait" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <p role="status">{label}</p>
    </section>
  );
}
