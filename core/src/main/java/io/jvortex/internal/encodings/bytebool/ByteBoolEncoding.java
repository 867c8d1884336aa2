package io.jvortex.internal.encodings.bytebool;

import io.jvortex.array.BitBuffers;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** {@code vortex.bytebool}: one byte per boolean, packed into a bitmap on decode. */
public final class ByteBoolEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.bytebool";

    private static final long LOW_BITS = 0x0101_0101_0101_0101L;
    /** Multiplying the per-byte low bits by this gathers byte {@code i}'s bit into bit {@code 56 + i}. */
    private static final long GATHER = 0x0102_0408_1020_4080L;

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public ByteBoolEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Bool b = ctx.expectDType(node, dtype, DType.Bool.class);
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        ctx.expectBuffers(node, 1);
        ctx.expectChildren(node, 0, 1);
        MemorySegment bytes = ctx.bufferOfSize(node, 0, length);
        Validity validity = ctx.validity(node, 0, b.nullable(), length);
        return new BoolArray(b, pack(bytes, length, ctx), 0, length, validity);
    }

    /**
     * Packs bytes (non-zero = true) into an LSB-first bitmap, eight bytes per step.
     *
     * @param bytes one byte per value
     * @param length values
     * @param ctx the allocator
     * @return the bitmap
     */
    static MemorySegment pack(MemorySegment bytes, int length, DecodeContext ctx) {
        MemorySegment bits = BitBuffers.allocate(length, ctx);
        int words = length >>> 3;
        for (int k = 0; k < words; k++) {
            long w = bytes.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * k);
            // Fold each byte onto its lowest bit (shifts only move bits down within the same byte
            // for the positions that end up in bit 0 of each byte).
            w |= w >>> 4;
            w |= w >>> 2;
            w |= w >>> 1;
            bits.set(ValueLayout.JAVA_BYTE, k, (byte) (((w & LOW_BITS) * GATHER) >>> 56));
        }
        for (int i = words << 3; i < length; i++) {
            if (bytes.get(ValueLayout.JAVA_BYTE, i) != 0) {
                Validity.Bits.set(bits, i, true);
            }
        }
        return bits;
    }
}
