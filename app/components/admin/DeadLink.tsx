import { Link } from "@remix-run/react";

/** A set-up or invitation link that no longer works: why, and the way in instead. */
export function DeadLink({ problem }: { problem: string }) {
  return (
    <>
      <p className="form-error" role="alert">
        {problem}
      </p>
      <p>
        <Link to="/admin/login">Back office log-in</Link>
      </p>
    </>
  );
}
