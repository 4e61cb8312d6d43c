/** The triage keys, shown small under the table on screens wide enough for a keyboard. */
export function KeyboardHint({ canAssign, canSelect }: { canAssign: boolean; canSelect: boolean }) {
  return (
    <p className="keyboard-hint d-none d-lg-block">
      <kbd>j</kbd>/<kbd>k</kbd> or <kbd>↓</kbd>/<kbd>↑</kbd> move · <kbd>Enter</kbd> open
      {canSelect && (
        <>
          {' '}
          · <kbd>x</kbd> select
        </>
      )}
      {canAssign && (
        <>
          {' '}
          · <kbd>a</kbd> assign to me
        </>
      )}
    </p>
  );
}
