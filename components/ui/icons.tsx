/**
 * Small icons, drawn by the stylesheet (app/globals.css, .icon and .i-*): a span here, not SVG markup repeated in
 * every row's HTML and payload. Decorative: the controls carry the names.
 */
function Icon({ name, small = false }: { name: string; small?: boolean }) {
  return <span aria-hidden="true" className={small ? `icon icon-sm i-${name}` : `icon i-${name}`} />;
}

export const CartIcon = () => <Icon name="cart" />;
export const CalendarIcon = () => <Icon name="calendar" />;
export const HeartIcon = ({ filled = false }: { filled?: boolean }) => <Icon name={filled ? 'heart-filled' : 'heart'} />;
export const CloseIcon = () => <Icon name="close" />;
export const PersonIcon = () => <Icon name="person" />;
export const PlusIcon = () => <Icon name="plus" small />;
export const CheckIcon = () => <Icon name="check" small />;
export const MenuIcon = () => <Icon name="menu" />;
export const PhoneIcon = () => <Icon name="phone" />;
export const SearchIcon = () => <Icon name="search" />;
