import type { ImgHTMLAttributes } from "react";
import type { Picture } from "#app/features/media/picture";

type Rest = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "sizes" | "width" | "height" | "alt"
>;

/**
 * A stored image as one `<img>`: the browser picks its size from the srcset, and width and height
 * keep the layout still while it loads (decision 038).
 */
export function PictureImg({ picture, ...rest }: { picture: Picture } & Rest) {
  return (
    <img
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={picture.sizes}
      width={picture.width}
      height={picture.height}
      alt={picture.alt}
      {...rest}
    />
  );
}
