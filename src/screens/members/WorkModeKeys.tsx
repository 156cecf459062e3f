// The keyboard work mode's words on screen: the legend of the number keys beside the table, and
// the sheet of every shortcut that `?` opens. Both read the one list of workMode.keys.ts.
import { Modal } from "../../components/Modal";
import { QUICK_RESULTS } from "../../lib/quickResults";
import { SHORTCUTS, type Shortcut } from "../../machines/members/workMode/workMode.keys";

/** The number keys and the result each saves for the current row, and how to see the rest. */
export function ResultKeysLegend() {
  return (
    <div className="work-keys" id="work-keys-legend">
      <span className="work-keys__title">Keys for the current row:</span>
      <ol className="work-keys__list" aria-label="Result keys">
        {QUICK_RESULTS.map((result, index) => (
          <li key={result}>
            <kbd>{index + 1}</kbd> {result}
          </li>
        ))}
      </ol>
      <span className="work-keys__more">
        <kbd>m</kbd> next member from the queue
      </span>
      <span className="work-keys__more">
        <kbd>?</kbd> all shortcuts
      </span>
    </div>
  );
}

export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Keyboard shortcuts"
      size="large"
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <p>They work on the members list whenever the focus is not in a field; every control also works without them.</p>
      {/* Focusable, so the keyboard scrolls it where the window is too short for the whole list. */}
      <div className="shortcut-sheet" role="region" aria-label="Shortcuts" tabIndex={0}>
        <ShortcutTable caption="Moving and opening" shortcuts={SHORTCUTS.rows} />
        <ShortcutTable caption="Results for the current member" shortcuts={SHORTCUTS.results} />
      </div>
    </Modal>
  );
}

function ShortcutTable({ caption, shortcuts }: { caption: string; shortcuts: readonly Shortcut[] }) {
  return (
    <table className="data-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Key</th>
          <th scope="col">Does</th>
        </tr>
      </thead>
      <tbody>
        {shortcuts.map((shortcut) => (
          <tr key={shortcut.keys.join()}>
            <td>
              {shortcut.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? " or " : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </td>
            <td>{shortcut.does}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
