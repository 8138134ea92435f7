import type { CartPanelVisitor } from "#app/components/store/cart-panel";
import type { CartBarView } from "#app/components/store/cart-bar";

/** A customer's own part of a branch's menu page (decision 049): cart panel and cart bar. */
export interface MenuVisitor extends CartPanelVisitor {
  cartBar: CartBarView | null;
}
