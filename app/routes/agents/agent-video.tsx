import { useEffect, useRef, useState } from "react";
import type { AgentVideoSources } from "./videos.ts";
import classes from "./agent-video.module.css";

type AgentVideoProps = {
  sources: AgentVideoSources;
  poster: string;
  label: string;
};

// Each source only matches when the visitor has not asked for reduced
// motion: then the browser loads no video at all and shows the poster.
const MOTION_OK = "(prefers-reduced-motion: no-preference)";

/**
 * The agent's looping demo video, WebM first and MP4 for browsers without
 * VP9. The poster stands in while the video loads, when it cannot load and
 * for reduced motion; once the video can play, a pause control appears.
 */
export function AgentVideo({ sources, poster, label }: AgentVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [playable, setPlayable] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
      setPlayable(true);
    }
    setPaused(element.paused);
  }, []);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play();
    else element.pause();
  };

  return (
    <figure className={classes.frame}>
      <video
        ref={video}
        className={classes.video}
        poster={poster}
        width={1280}
        height={720}
        autoPlay
        loop
        muted
        playsInline
        preload="metadata"
        aria-label={label}
        onLoadedData={() => setPlayable(true)}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
      >
        <source src={sources.webm} type="video/webm" media={MOTION_OK} />
        <source src={sources.mp4} type="video/mp4" media={MOTION_OK} />
      </video>
      {playable ? (
        <button type="button" className={classes.toggle} onClick={toggle}>
          {paused ? "Play video" : "Pause video"}
        </button>
      ) : null}
    </figure>
  );
}
