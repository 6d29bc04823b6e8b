/** The service's video, loaded only when the visitor opens it (a closed <details> keeps the lazy iframe unloaded). */
export function VideoEmbed({ src, title }: { src: string; title: string }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer rounded font-semibold text-brand-700">Watch the video</summary>
      <div className="mt-2 aspect-video w-full max-w-md">
        <iframe
          src={src}
          title={`Video: ${title}`}
          loading="lazy"
          className="h-full w-full rounded-lg"
          allow="encrypted-media; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    </details>
  );
}
