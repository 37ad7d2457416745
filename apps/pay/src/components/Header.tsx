/** The dialog header: the brand and a close button (Escape closes too). */
export function Header({
  brand,
  closeLabel,
  onClose,
}: {
  brand: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <header className="pay-header">
      <span className="brand">{brand}</span>
      <button type="button" className="close" aria-label={closeLabel} title={closeLabel} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </header>
  );
}
