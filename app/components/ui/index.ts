/** The design system's primitives (decision 031); styles in app/styles/ui.css. */
export { Badge, ORDER_STATE_TONES, OrderStateBadge, type BadgeTone } from "./badge";
export { Button, ButtonLink, buttonClass, type ButtonVariant } from "./button";
export { Checkbox, Radio } from "./choice";
export { CONFIRM_PARAM, ConfirmAction } from "./confirm-action";
export { DataTable, sortHref, type Column, type SortState } from "./data-table";
export { Field, Select, TextArea, TextInput, type ControlProps, type SelectOption } from "./field";
export { FilterBar } from "./filter-bar";
export { Notice } from "./notice";
export { Pagination, pageHref } from "./pagination";
export { Tabs, type TabItem } from "./tabs";
