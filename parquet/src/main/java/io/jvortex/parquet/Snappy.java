package io.jvortex.parquet;

import io.jvortex.error.VortexException;

/**
 * A Snappy raw-block decoder (the format of Parquet's {@code SNAPPY} pages: a varint of the
 * uncompressed length, then literals and back-references), in plain Java with no native library.
 */
final class Snappy {
    private Snappy() {
    }

    /**
     * Decompresses one raw Snappy block.
     *
     * @param src the compressed bytes
     * @param srcOffset where the block starts
     * @param srcLength its length
     * @param expectedLength the uncompressed length the page header declares
     * @return the uncompressed bytes, exactly {@code expectedLength} of them
     * @throws VortexException when the block is malformed or does not decode to {@code expectedLength} bytes
     */
    static byte[] decompress(byte[] src, int srcOffset, int srcLength, int expectedLength) {
        int end = srcOffset + srcLength;
        int in = srcOffset;
        long declared = 0;
        for (int shift = 0; ; shift += 7) {
            if (in >= end || shift > 28) {
                throw corrupt("bad length varint", in - srcOffset);
            }
            int b = src[in++] & 0xFF;
            declared |= (long) (b & 0x7F) << shift;
            if (b < 0x80) {
                break;
            }
        }
        if (declared != expectedLength) {
            throw corrupt("block declares " + declared + " bytes, the page " + expectedLength, 0);
        }
        byte[] dst = new byte[expectedLength];
        int out = 0;
        while (in < end) {
            int tag = src[in++] & 0xFF;
            int kind = tag & 3;
            if (kind == 0) {
                int length = tag >>> 2;
                if (length >= 60) {
                    int bytes = length - 59;
                    if (in + bytes > end) {
                        throw corrupt("truncated literal length", in - srcOffset);
                    }
                    long l = 0;
                    for (int i = 0; i < bytes; i++) {
                        l |= (long) (src[in++] & 0xFF) << (8 * i);
                    }
                    if (l >= Integer.MAX_VALUE) {
                        throw corrupt("literal of " + (l + 1) + " bytes", in - srcOffset);
                    }
                    length = (int) l;
                }
                length++;
                if (length > end - in || length > dst.length - out) {
                    throw corrupt("literal of " + length + " bytes overruns the block", in - srcOffset);
                }
                System.arraycopy(src, in, dst, out, length);
                in += length;
                out += length;
                continue;
            }
            int length;
            int offset;
            if (kind == 1) {
                if (in >= end) {
                    throw corrupt("truncated copy", in - srcOffset);
                }
                length = 4 + ((tag >>> 2) & 7);
                offset = ((tag >>> 5) << 8) | (src[in++] & 0xFF);
            } else if (kind == 2) {
                if (in + 2 > end) {
                    throw corrupt("truncated copy", in - srcOffset);
                }
                length = 1 + (tag >>> 2);
                offset = (src[in] & 0xFF) | (src[in + 1] & 0xFF) << 8;
                in += 2;
            } else {
                if (in + 4 > end) {
                    throw corrupt("truncated copy", in - srcOffset);
                }
                length = 1 + (tag >>> 2);
                offset = (src[in] & 0xFF) | (src[in + 1] & 0xFF) << 8 | (src[in + 2] & 0xFF) << 16
                        | (src[in + 3] & 0xFF) << 24;
                in += 4;
            }
            if (offset <= 0 || offset > out) {
                throw corrupt("copy from offset " + Integer.toUnsignedString(offset) + " with " + out
                        + " bytes written", in - srcOffset);
            }
            if (length > dst.length - out) {
                throw corrupt("copy of " + length + " bytes overruns the block", in - srcOffset);
            }
            if (offset >= length) {
                System.arraycopy(dst, out - offset, dst, out, length);
                out += length;
            } else {
                // overlapping copy: a run repeating the last `offset` bytes, byte by byte on purpose
                for (int i = 0; i < length; i++) {
                    dst[out] = dst[out - offset];
                    out++;
                }
            }
        }
        if (out != expectedLength) {
            throw corrupt("decoded " + out + " of " + expectedLength + " bytes", srcLength);
        }
        return dst;
    }

    private static VortexException corrupt(String what, long position) {
        return new VortexException("snappy page: " + what + " (at compressed byte " + position + ")");
    }
}
