import { useEffect, useRef, useState } from "react";
import classes from "./agent-video.module.css";

type AgentVideoProps = { src: string; poster: string; label: string };

/**
 * The agent's looping demo video. The poster stands in whenever the video is
 * missing or still loading; once the video can play, a pause control appears,
 * and visitors who prefer reduced motion start with it paused.
 */
export function AgentVideo({ src, poster, label }: AgentVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [playable, setPlayable] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      element.pause();
      element.autoplay = false;
    }
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
        src={src}
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
      />
      {playable ? (
        <button type="button" className={classes.toggle} onClick={toggle}>
          {paused ? "Play video" : "Pause video"}
        </button>
      ) : null}
    </figure>
  );
}
