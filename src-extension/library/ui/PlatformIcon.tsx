import { PLATFORM_LABELS, type PostPlatform } from '../../../src/contract/platforms';

// Each platform's mark, simplified to one glyph in a coloured tile (the platforms' own colours, dark enough for
// white text in both themes).
const MARKS: Record<PostPlatform, { bg: string; glyph: string }> = {
  x: { bg: '#000000', glyph: '𝕏' },
  linkedin: { bg: '#0a66c2', glyph: 'in' },
  reddit: { bg: '#d93a00', glyph: 'r/' },
  instagram: { bg: '#c13584', glyph: 'IG' },
  pinterest: { bg: '#bd081c', glyph: 'P' },
  web: { bg: '#4b5563', glyph: '↗' },
};

/** A platform's tile; its name is read out (the tile itself is decoration). */
export function PlatformIcon({ platform, size = 28 }: { platform: string; size?: number }) {
  const mark = MARKS[platform as PostPlatform] ?? MARKS.web;
  const label = PLATFORM_LABELS[platform as PostPlatform] ?? platform;
  return (
    <span
      className="lib-platform-icon"
      style={{ background: mark.bg, width: size, height: size }}
      role="img"
      aria-label={label}
    >
      <span aria-hidden="true">{mark.glyph}</span>
    </span>
  );
}

export const platformLabel = (platform: string) => PLATFORM_LABELS[platform as PostPlatform] ?? platform;
