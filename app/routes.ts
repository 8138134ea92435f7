import { type RouteConfig, index, layout, route } from "@remix-run/route-config";

// Nested as the URL is: the branch layout loads the branch once for the menu and (later) the
// checkout beneath it.
export default [
  index("routes/home.tsx"),
  route("store/:branchIdentifier", "routes/store/branch.tsx", [
    // The menu and the cart panel stay rendered beneath the item dialog.
    layout("routes/store/menu.tsx", [
      index("routes/store/cart.tsx"),
      route("product/:productId", "routes/store/product.tsx"),
    ]),
  ]),
  route("upload/:publicHash/:fileName", "routes/upload.tsx"),
  route("cookie-consent", "routes/consent.tsx"),
  route("kiosk", "routes/kiosk.tsx"),
  route("image/*", "routes/image.tsx"),
  route("*", "routes/site.tsx"),
] satisfies RouteConfig;
