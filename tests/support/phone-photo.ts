/** Photos as the owner's phone makes them, for the photo and publish tests. */
import sharp from 'sharp';

/** A photo as a phone takes it: a JPEG with the camera's make and the place it was taken (Coimbatore). */
export async function phonePhoto(width = 1200, height = 1500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 96, g: 58, b: 40 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="50%" cy="50%" r="30%" fill="#d9b38c"/></svg>`,
        ),
      },
    ])
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '11/1 0/1 2/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '76/1 57/1 0/1',
      },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}
