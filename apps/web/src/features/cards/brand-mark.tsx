import { brandDisplayNames, brandFromInput } from '@pria/contracts';

/**
 * Our own plain, text-based brand marks (no network artwork is copied): a rounded badge with
 * the brand's name, so the card's network is recognisable at a glance and to screen readers.
 */
export function BrandMark({ brand, height = 24 }: { brand: string; height?: number }) {
  const name = brandFromInput(brand);
  const label = name ? brandDisplayNames[name] : 'Card';
  const isVisa = name === 'visa';
  const isMastercard = name === 'mastercard';
  const width = Math.round(height * 2.4);
  const fill = isVisa ? '#1a3d8f' : isMastercard ? '#2b2b2b' : '#5c6b80';
  const text = isVisa ? 'VISA' : isMastercard ? 'mastercard' : label.toUpperCase();
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox="0 0 96 40"
      style={{ display: 'block', flexShrink: 0 }}
    >
      <rect x="0.5" y="0.5" width="95" height="39" rx="7" fill={fill} stroke="rgba(255,255,255,0.6)" />
      {isMastercard && <rect x="8" y="30" width="80" height="3" rx="1.5" fill="#f0a030" />}
      <text
        x="48"
        y={isMastercard ? 23 : 27}
        textAnchor="middle"
        fill="#fff"
        fontFamily="'Inter Variable', Inter, Arial, sans-serif"
        fontWeight={isVisa ? 800 : 600}
        fontStyle={isVisa ? 'italic' : 'normal'}
        fontSize={isVisa ? 20 : 14}
        letterSpacing={isVisa ? 1.5 : 0}
      >
        {text}
      </text>
    </svg>
  );
}
