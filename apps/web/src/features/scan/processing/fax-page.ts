import { FAX_IMAGE_WIDTH_PX, FAX_RESOLUTIONS } from '@faxline/shared';

import { binarise } from './binarise';
import { findPageCorners } from './find-page-corners';
import { rectangleCorners } from './homography';
import { toGrey, type TBitImage, type TCorners, type TGreyImage, type TRgbaImage } from './images';
import { warpQuadrilateral } from './warp';

/** A scan is made at fine (204 x 196 dots an inch): the class of the fax image a fine fax is sent as. */
export const SCAN_RESOLUTION = FAX_RESOLUTIONS.fine;
/** A4's length in inches, the fax page's length (as the server's renderer has it). */
const PAGE_HEIGHT_INCHES = 11.69;
/** The fax page in dots: 1728 across, A4's length at fine. */
export const SCAN_PAGE = { width: FAX_IMAGE_WIDTH_PX, height: Math.round(PAGE_HEIGHT_INCHES * SCAN_RESOLUTION.yDpi) };

export type TScannedPage = {
  /** The page's corners in the photo; the whole photo when no page stood out. */
  corners: TCorners;
  /** Whether the corners were found (false: the whole photo was used). */
  found: boolean;
  /** The fax image of the page: what the recipient's machine prints. */
  image: TBitImage;
  /** The photo in grey, kept so that the person can move the corners and have the page made again from it. */
  photo: TGreyImage;
};

/** A photo of a page as its fax image: the page found, straightened to the fax page and made black and white. */
export function scanPhoto(photo: TRgbaImage): TScannedPage {
  const grey = toGrey(photo);
  const found = findPageCorners(grey);
  const corners = found ?? rectangleCorners(photo.width, photo.height);
  return { corners, found: found !== null, image: faxImageWithin(grey, corners), photo: grey };
}

/** The fax image of the page whose corners in the photo are `corners` (found, or placed by the person). */
export function faxImageWithin(photo: TGreyImage, corners: TCorners): TBitImage {
  return binarise(warpQuadrilateral(photo, corners, SCAN_PAGE.width, SCAN_PAGE.height));
}
