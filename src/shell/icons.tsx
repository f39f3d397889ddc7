import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A small stroke icon set (24×24), drawn inline so no icon library ships. Decorative by default. */
function StrokeIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <Icon focusable="false" boxSize="1em" {...props}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </Icon>
  );
}

export const DashboardIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </StrokeIcon>
);
export const OrderIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M9 3h6a1 1 0 0 1 1 1v2H8V4a1 1 0 0 1 1-1z" />
    <path d="M16 5h2a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h2" />
    <path d="M9 12h6M9 16h4" />
  </StrokeIcon>
);
export const DistributionIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="5" r="2.5" />
    <circle cx="5" cy="19" r="2.5" />
    <circle cx="19" cy="19" r="2.5" />
    <path d="M12 7.5v4M12 11.5l-6 5M12 11.5l6 5" />
  </StrokeIcon>
);
export const CustomerIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </StrokeIcon>
);
export const GoodsIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M21 8 12 3 3 8v8l9 5 9-5z" />
    <path d="m3 8 9 5 9-5M12 13v8" />
  </StrokeIcon>
);
export const AddedValueIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
  </StrokeIcon>
);
export const SmallRoutineIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <path d="M11 18h2" />
  </StrokeIcon>
);
export const MarketingIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z" />
    <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
  </StrokeIcon>
);
export const ShopIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M3 9 4.5 4h15L21 9" />
    <path d="M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0" />
    <path d="M5 12v8h14v-8M10 20v-5h4v5" />
  </StrokeIcon>
);
export const LockIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </StrokeIcon>
);
export const BugIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="7" y="7" width="10" height="13" rx="5" />
    <path d="M9 7a3 3 0 0 1 6 0M12 12v8M3 13h4M17 13h4M4 7l3 2M20 7l-3 2M4 20l3-2.5M20 20l-3-2.5" />
  </StrokeIcon>
);
export const MenuIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 6h16M4 12h16M4 18h10" />
  </StrokeIcon>
);
export const FoldIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 6h16M10 12h10M4 18h16M7 9l-3 3 3 3" />
  </StrokeIcon>
);
export const SearchIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </StrokeIcon>
);
export const FullscreenIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </StrokeIcon>
);
export const ExitFullscreenIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </StrokeIcon>
);
export const SizeIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 7V5h10v2M9 5v14M7 19h4" />
    <path d="M14 12v-1h6v1M17 11v8M16 19h2" />
  </StrokeIcon>
);
export const LanguageIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 5h8M8 3v2M6 5c0 4 3 7 6 8M10 5c0 4-3 7-6 8" />
    <path d="m13 21 4-9 4 9M14.5 18h5" />
  </StrokeIcon>
);
export const ChevronDownIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="m6 9 6 6 6-6" />
  </StrokeIcon>
);
export const ChevronRightIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="m9 6 6 6-6 6" />
  </StrokeIcon>
);
export const UserIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </StrokeIcon>
);
export const EyeIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </StrokeIcon>
);
export const EyeOffIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c6.5 0 10 6 10 6a16.8 16.8 0 0 1-3.2 3.9M6.6 6.6C3.8 8.3 2 12 2 12s3.5 6 10 6a9.6 9.6 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </StrokeIcon>
);
export const ShieldIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
    <path d="m9 12 2 2 4-4" />
  </StrokeIcon>
);
export const SettingsIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </StrokeIcon>
);
export const ArrowUpIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </StrokeIcon>
);
export const CloseIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M18 6 6 18M6 6l12 12" />
  </StrokeIcon>
);
export const RefreshIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
    <path d="M21 3v5h-5" />
  </StrokeIcon>
);
export const BellIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </StrokeIcon>
);
export const MoneyIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8.5 7 3.5 5 3.5-5M8.5 12.5h7M8.5 15.5h7M12 12v6" />
  </StrokeIcon>
);
export const TruckIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
    <circle cx="7" cy="18" r="2" />
    <circle cx="17" cy="18" r="2" />
  </StrokeIcon>
);
export const UserPlusIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />
  </StrokeIcon>
);
export const QrIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
  </StrokeIcon>
);
export const CapsLockIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M12 4 4 12h4v4h8v-4h4zM8 20h8" />
  </StrokeIcon>
);
export const KeyIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="m10.7 12.3 9.3-9.3M16 7l3 3M14 9l2 2" />
  </StrokeIcon>
);

const MENU_ICONS: Record<string, (props: IconProps) => ReactNode> = {
  dashboard: DashboardIcon,
  order: OrderIcon,
  distribution: DistributionIcon,
  customer: CustomerIcon,
  goods: GoodsIcon,
  addedValue: AddedValueIcon,
  smallRoutine: SmallRoutineIcon,
  marketing: MarketingIcon,
  shop: ShopIcon,
  lock: LockIcon,
  bug: BugIcon,
};

/** The icon a menu item names (MenuList Icon), or none. */
export function MenuItemIcon({ name, ...props }: { name: string } & IconProps) {
  const Component = MENU_ICONS[name];
  return Component ? <Component {...props} /> : null;
}
