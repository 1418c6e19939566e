import { createContext, use } from "react";

/**
 * Whether a view renders inside the team's app frame
 * (app/routes/tools/tools-layout.tsx) and what that frame already shows, so
 * the sign-in and access-denied views shared with the marketing pages skip
 * the room left for the fixed marketing header, and the access-denied view
 * leaves out its own Sign Out when the frame's header has one.
 */
export const ToolsFrameContext = createContext({
  inFrame: false,
  signOutInHeader: false,
});

export function useToolsFrame() {
  return use(ToolsFrameContext);
}
