package io.jvortex.arrow;

import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A bounds-checked decoder of the LZ4 frame format (the {@code LZ4_FRAME} body compression of Arrow IPC):
 * frames of LZ4 blocks, linked or independent, with or without checksums (not verified), skippable frames
 * passed over. Decodes into a buffer of the size the caller expects; never writes or reads outside it.
 */
final class Lz4Frame {
    private static final int MAGIC = 0x184D2204;
    private static final ValueLayout.OfByte B = ValueLayout.JAVA_BYTE;

    private final MemorySegment in;
    private final MemorySegment out;
    private final String what;
    private long ip;
    private long op;

    private Lz4Frame(MemorySegment in, MemorySegment out, String what) {
        this.in = in;
        this.out = out;
        this.what = what;
    }

    /**
     * @param in one or more LZ4 frames
     * @param out where the content goes; it must be filled exactly
     * @param what the buffer, for errors
     * @throws VortexException when the input is malformed or its content is not {@code out}'s size
     */
    static void decompress(MemorySegment in, MemorySegment out, String what) {
        Lz4Frame d = new Lz4Frame(in, out, what);
        while (d.ip < in.byteSize()) {
            d.frame();
        }
        if (d.op != out.byteSize()) {
            throw d.bad("LZ4 content is " + d.op + " bytes, " + out.byteSize() + " expected");
        }
    }

    private VortexException bad(String problem) {
        return new VortexException(what + ": " + problem + " (at compressed byte " + ip + ")");
    }

    private int u8() {
        if (ip >= in.byteSize()) {
            throw bad("LZ4 data ends early");
        }
        return in.get(B, ip++) & 0xFF;
    }

    private int u32() {
        return u8() | u8() << 8 | u8() << 16 | u8() << 24;
    }

    private void skip(long n) {
        if (n > in.byteSize() - ip) {
            throw bad("LZ4 data ends early");
        }
        ip += n;
    }

    private void frame() {
        int magic = u32();
        if ((magic & 0xFFFFFFF0) == 0x184D2A50) {
            skip(u32() & 0xFFFFFFFFL);
            return;
        }
        if (magic != MAGIC) {
            throw bad("not an LZ4 frame (magic " + Integer.toHexString(magic) + ")");
        }
        int flg = u8();
        u8(); // BD: the maximum block size, not needed to decode into a sized buffer
        if ((flg >>> 6) != 1) {
            throw bad("unsupported LZ4 frame version " + (flg >>> 6));
        }
        boolean blockChecksum = (flg & 0x10) != 0;
        boolean contentSize = (flg & 0x08) != 0;
        boolean contentChecksum = (flg & 0x04) != 0;
        boolean dictId = (flg & 0x01) != 0;
        if (dictId) {
            throw bad("LZ4 frames with a dictionary are not supported");
        }
        if (contentSize) {
            skip(8);
        }
        u8(); // header checksum
        while (true) {
            long size = u32() & 0xFFFFFFFFL;
            if (size == 0) {
                break;
            }
            boolean stored = (size & 0x80000000L) != 0;
            size &= 0x7FFFFFFFL;
            if (size > in.byteSize() - ip) {
                throw bad("LZ4 block of " + size + " bytes past the end of the data");
            }
            if (stored) {
                if (size > out.byteSize() - op) {
                    throw bad("LZ4 content exceeds the " + out.byteSize() + " bytes expected");
                }
                MemorySegment.copy(in, ip, out, op, size);
                ip += size;
                op += size;
            } else {
                block(ip + size);
            }
            if (blockChecksum) {
                skip(4);
            }
        }
        if (contentChecksum) {
            skip(4);
        }
    }

    /** @return a token's 4-bit length, extended by the bytes that follow when it is 15 */
    private long length(int nibble, long end) {
        long n = nibble;
        if (nibble == 15) {
            int b;
            do {
                b = u8();
                n += b;
            } while (b == 255 && ip < end);
        }
        return n;
    }

    /** Decodes one compressed block ending at {@code end}; matches may reach back into earlier blocks. */
    private void block(long end) {
        long limit = out.byteSize();
        while (ip < end) {
            int token = u8();
            long literals = length(token >>> 4, end);
            if (literals > end - ip || literals > limit - op) {
                throw bad("LZ4 literal run of " + literals + " bytes overruns its block or the output");
            }
            MemorySegment.copy(in, ip, out, op, literals);
            ip += literals;
            op += literals;
            if (ip == end) {
                return;
            }
            if (end - ip < 2) {
                throw bad("LZ4 block ends inside a match offset");
            }
            int offset = u8() | u8() << 8;
            if (offset == 0 || offset > op) {
                throw bad("LZ4 match offset " + offset + " points before the output");
            }
            long length = length(token & 15, end) + 4;
            if (length > limit - op) {
                throw bad("LZ4 match of " + length + " bytes overruns the output");
            }
            long from = op - offset;
            if (offset >= length) {
                MemorySegment.copy(out, from, out, op, length);
            } else {
                for (long i = 0; i < length; i++) {
                    out.set(B, op + i, out.get(B, from + i));
                }
            }
            op += length;
        }
        if (ip != end) {
            throw bad("LZ4 block overruns its declared size");
        }
    }
}
