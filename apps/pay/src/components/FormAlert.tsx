/** A message about the whole form (server errors), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div className="form-alert" role="alert">
      {message}
    </div>
  );
}

/** A neutral status message (saved, sent), announced politely. */
export function FormStatus({ message }: { message: string | null }) {
  return (
    <div className="form-status" role="status">
      {message}
    </div>
  );
}
