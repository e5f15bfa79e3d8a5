/** Form-level error that does not belong to a single input. */
export function FormAlert({ message, testId = 'form-error' }: { message?: string; testId?: string }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert" data-testid={testId}>
      {message}
    </div>
  );
}
