// What a toast carries, shared by the actions that return one and the
// component that shows it; a plain type so server modules need no component.
export type ToastData = {
  id: string;
  title: string;
  description?: string;
  type: "success" | "error" | "info";
};
