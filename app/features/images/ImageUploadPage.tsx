import type { SubmissionResult } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Toasts, type ToastView } from "~/components/layout/Toasts";
import { ImageUploadForm } from "./ImageUploadForm";

/**
 * The page of an upload's own route (`…/images`, upload.server.ts), shown inside the owner's edit page: the
 * form again with the server's answer, its message on the form and as a toast, with JavaScript off too.
 */
export function ImageUploadPage({
  answer,
  ...form
}: Omit<ComponentProps<typeof ImageUploadForm>, "lastResult"> & {
  answer: { result: SubmissionResult<string[]>; toast: ToastView | null } | undefined;
}) {
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <ImageUploadForm {...form} lastResult={answer?.result} />
    </>
  );
}
