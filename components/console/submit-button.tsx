import { ScriptButton } from '../ui/script-button';

/**
 * A form's submit button in its actions row: disabled while the request runs, and saying so.
 * Primary unless the form is a secondary one (`primary={false}`).
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  testId,
  primary = true,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  testId?: string;
  primary?: boolean;
}) {
  return (
    <div className="console-actions">
      <ScriptButton
        type="submit"
        className={primary ? 'console-button primary' : 'console-button'}
        disabled={pending}
        data-testid={testId}
      >
        {pending ? pendingLabel : label}
      </ScriptButton>
    </div>
  );
}
