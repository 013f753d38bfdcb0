/**
 * ProfilePicturesService's rules without a database: a picture is checked by its content before
 * the write starts (base64, at most 1 MiB, a PNG, JPEG or WebP, of the type it claims), each write
 * replaces the picture under a new uniqueId, and a profile without one answers 404. How images are
 * recognised is image-content.spec's; the one picture per profile is the profile-pictures e2e suite's.
 */
import { FakeDatabase, personProfile } from '../../common/testing/fake-database';
import { upsertLink } from '../../common/upsert';
import { jpeg, png } from '../../../test/support/images';
import { MAX_PICTURE_BYTES } from './profile-picture.dto';
import { decodePicture, ProfilePicturesService } from './profile-pictures.service';

jest.mock('../../common/upsert');

const base64 = (bytes: Buffer): string => bytes.toString('base64');

describe(decodePicture.name, () => {
  it('answers no image for a body without one', () => {
    expect(decodePicture({})).toBeNull();
    expect(decodePicture({ customImageBytesEncoded: null, customImageType: null })).toBeNull();
  });

  it('answers the bytes and the type their content shows, which a type sent must match', () => {
    const image = png();

    expect(decodePicture({ customImageBytesEncoded: base64(image) })).toEqual({
      bytes: image,
      mediaType: 'image/png',
    });
    expect(decodePicture({ customImageBytesEncoded: base64(image), customImageType: 'image/png' })).toEqual({
      bytes: image,
      mediaType: 'image/png',
    });
  });

  it.each([
    [
      'a type without an image',
      { customImageType: 'image/png' as const },
      'PROFILE_PICTURE.TYPE_WITHOUT_IMAGE',
    ],
    ['text that is not base64', { customImageBytesEncoded: 'iVBOR w0K' }, 'PROFILE_PICTURE.NOT_BASE64'],
    [
      'base64 without its padding',
      { customImageBytesEncoded: base64(png()).replace(/=+$/, '') },
      'PROFILE_PICTURE.NOT_BASE64',
    ],
    [
      'bytes that are no image',
      { customImageBytesEncoded: base64(Buffer.from('hello')) },
      'PROFILE_PICTURE.NOT_AN_IMAGE',
    ],
    [
      'an image of another type than sent',
      { customImageBytesEncoded: base64(jpeg()), customImageType: 'image/png' as const },
      'PROFILE_PICTURE.TYPE_MISMATCH',
    ],
  ])('refuses %s', (_case, body, code) => {
    expect(() => decodePicture(body)).toThrow(expect.objectContaining({ code }));
  });

  it('takes a picture of 1 MiB, and refuses one byte more', () => {
    expect(decodePicture({ customImageBytesEncoded: base64(png(2, 3, MAX_PICTURE_BYTES)) })).not.toBeNull();
    expect(() =>
      decodePicture({ customImageBytesEncoded: base64(png(2, 3, MAX_PICTURE_BYTES + 1)) }),
    ).toThrow(expect.objectContaining({ code: 'PROFILE_PICTURE.TOO_LARGE' }));
  });
});

describe(ProfilePicturesService.name, () => {
  let fake: FakeDatabase;
  let sut: ProfilePicturesService;

  beforeEach(() => {
    fake = new FakeDatabase().profiles(personProfile(1));
    jest.mocked(upsertLink).mockImplementation(fake.upsertLink);
    sut = new ProfilePicturesService(fake.dataSource);
  });

  it('refuses a bad picture before the write starts', async () => {
    await expect(
      sut.upsert(1, { customImageBytesEncoded: 'not base64!', createdBy: 'test' }),
    ).rejects.toMatchObject({
      code: 'PROFILE_PICTURE.NOT_BASE64',
    });
    expect(fake.calls).toEqual([]);
  });

  it('stores the image with the type its content shows, under a new uniqueId at each write', async () => {
    const first = await sut.upsert(1, { customImageBytesEncoded: base64(png()), createdBy: 'test' });
    const second = await sut.upsert(1, {
      defaultImageUrl: 'https://img.example.ch/a.png',
      createdBy: 'test',
    });

    expect(first.record).toMatchObject({
      customImageType: 'image/png',
      customImageBytes: png(),
      defaultImageUrl: null,
    });
    expect(second).toMatchObject({
      created: false,
      record: {
        customImageType: null,
        customImageBytes: null,
        defaultImageUrl: 'https://img.example.ch/a.png',
      },
    });
    expect(second.record.uniqueId).not.toBe(first.record.uniqueId);
  });

  it('answers 404 for a profile without a picture, and for an unknown profile', async () => {
    await expect(sut.get(1)).rejects.toMatchObject({
      code: 'PROFILE_PICTURE.NOT_FOUND',
      message: 'The profile 1 has no picture.',
    });
    await expect(sut.delete(1)).rejects.toMatchObject({ code: 'PROFILE_PICTURE.NOT_FOUND' });
    await expect(sut.get(99)).rejects.toMatchObject({ code: 'PROFILE.NOT_FOUND' });
  });
});
