package io.jvortex.parquet;

import io.jvortex.error.VortexException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A Snappy raw-block decoder and encoder (the format of Parquet's {@code SNAPPY} pages: a varint of the
 * uncompressed length, then literals and back-references), in plain Java with no native library.
 *
 * <p>The encoder works in 64 KiB blocks, as the reference does: a hash table of four-byte sequences
 * finds earlier matches in the block, which become copies with two-byte offsets; the rest is literals.
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
                if (length < 16 && end - in >= 16 && dst.length - out >= 16) {
                    // a short literal: two 8-byte stores; the bytes stored past it are overwritten by what follows
                    LONG.set(dst, out, (long) LONG.get(src, in));
                    LONG.set(dst, out + 8, (long) LONG.get(src, in + 8));
                    in += length + 1;
                    out += length + 1;
                    continue;
                }
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
            if (offset >= 8 && length <= 16 && dst.length - out >= 16) {
                // a short copy: two 8-byte words, each reading bytes written before it even when the copy
                // overlaps itself; the bytes stored past the copy are overwritten by what follows
                int from = out - offset;
                LONG.set(dst, out, (long) LONG.get(dst, from));
                LONG.set(dst, out + 8, (long) LONG.get(dst, from + 8));
                out += length;
            } else if (offset < 8 && dst.length - out >= length + 16) {
                // a run repeating the last `offset` < 8 bytes: each 8-byte store writes as many correct bytes
                // as the distance to its source, which doubles until it reaches 8; then words, 8 bytes apart
                int from = out - offset;
                int at = out;
                int stop = out + length;
                while (at - from < 8) {
                    LONG.set(dst, at, (long) LONG.get(dst, from));
                    at += at - from;
                }
                while (at < stop) {
                    LONG.set(dst, at, (long) LONG.get(dst, from));
                    from += 8;
                    at += 8;
                }
                out = stop;
            } else if (offset >= length) {
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

    /** Bytes per encoder block: every back-reference stays inside one, so offsets fit two bytes. */
    private static final int BLOCK = 1 << 16;
    private static final int HASH_BITS = 14;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * @param length an input length
     * @return the largest block {@link #compress} produces for it
     */
    static int maxCompressedLength(int length) {
        return Math.toIntExact(32L + length + length / 6);
    }

    /**
     * Compresses bytes into one raw Snappy block.
     *
     * @param src the input
     * @param offset where it starts
     * @param length how many bytes
     * @return the block
     */
    static byte[] compress(byte[] src, int offset, int length) {
        byte[] out = new byte[maxCompressedLength(length)];
        int op = 0;
        for (int v = length; ; v >>>= 7) {
            if ((v & ~0x7F) == 0) {
                out[op++] = (byte) v;
                break;
            }
            out[op++] = (byte) (v & 0x7F | 0x80);
        }
        int[] table = new int[1 << HASH_BITS];
        int end = offset + length;
        for (int block = offset; block < end; block += BLOCK) {
            int blockEnd = Math.min(end, block + BLOCK);
            Arrays.fill(table, -1);
            int literal = block;
            int ip = block;
            while (ip + 4 <= blockEnd) {
                int v = (int) INT.get(src, ip);
                int h = (v * 0x1E35_A7BD) >>> (32 - HASH_BITS);
                int candidate = table[h];
                table[h] = ip;
                if (candidate < 0 || (int) INT.get(src, candidate) != v) {
                    ip++;
                    continue;
                }
                int m = ip + 4;
                int c = candidate + 4;
                while (m < blockEnd && src[m] == src[c]) {
                    m++;
                    c++;
                }
                op = literal(out, op, src, literal, ip - literal);
                op = copy(out, op, ip - candidate, m - ip);
                ip = m;
                literal = m;
            }
            op = literal(out, op, src, literal, blockEnd - literal);
        }
        return Arrays.copyOf(out, op);
    }

    private static int literal(byte[] out, int op, byte[] src, int from, int n) {
        if (n == 0) {
            return op;
        }
        int m = n - 1;
        if (m < 60) {
            out[op++] = (byte) (m << 2);
        } else {
            int bytes = m < 1 << 8 ? 1 : m < 1 << 16 ? 2 : m < 1 << 24 ? 3 : 4;
            out[op++] = (byte) ((59 + bytes) << 2);
            for (int k = 0; k < bytes; k++) {
                out[op++] = (byte) (m >>> (8 * k));
            }
        }
        System.arraycopy(src, from, out, op, n);
        return op + n;
    }

    /** Copies of 4..64 bytes with a two-byte offset (tag 2); longer matches are split. */
    private static int copy(byte[] out, int op, int distance, int n) {
        int left = n;
        while (left > 0) {
            int take = left >= 68 ? 64 : left > 64 ? 60 : left;
            out[op++] = (byte) (((take - 1) << 2) | 2);
            out[op++] = (byte) distance;
            out[op++] = (byte) (distance >>> 8);
            left -= take;
        }
        return op;
    }

    private static VortexException corrupt(String what, long position) {
        return new VortexException("snappy page: " + what + " (at compressed byte " + position + ")");
    }
}
