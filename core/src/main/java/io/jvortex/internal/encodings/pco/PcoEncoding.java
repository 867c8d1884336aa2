package io.jvortex.internal.encodings.pco;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.internal.pco.PcoDecoder;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * {@code vortex.pco}: the valid values compressed with Pcodec (see {@code package-info}); decoding
 * runs every page through {@link PcoDecoder} into the output buffer, then scatters the values to the
 * valid rows.
 */
public final class PcoEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.pco";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        PcoDecoder.NumberType type = numberType(node, p.ptype());
        PcoMetadata meta = PcoMetadata.parse(node);
        List<int[]> chunks = meta.pageCounts();
        int expectedBuffers = chunks.size() + meta.pageCount();
        ctx.expectBuffers(node, expectedBuffers);
        ctx.expectChildren(node, 0, 1);
        Validity validity = ctx.validity(node, 0, p.nullable(), length);
        int validCount = length - validity.nullCount(length);

        long total = 0;
        for (int[] pages : chunks) {
            for (int n : pages) {
                total += n;
            }
        }
        if (total != validCount) {
            throw node.error("pages hold " + total + " values but the array has " + validCount + " valid rows");
        }
        int width = type.byteWidth();
        // without nulls the pages write every row; with nulls the slots the scatter skips stay zero
        MemorySegment out = validCount == length ? ctx.allocateUninitialized((long) length * width)
                : ctx.allocate((long) length * width);
        if (validCount > 0) {
            PcoDecoder file;
            try {
                file = PcoDecoder.open(meta.header());
            } catch (VortexException e) {
                throw node.error("metadata header: " + e.problem());
            }
            long offset = 0;
            int pageBuffer = chunks.size();
            for (int c = 0; c < chunks.size(); c++) {
                int[] pages = chunks.get(c);
                if (pages.length == 0) {
                    continue;
                }
                PcoDecoder.Chunk chunk;
                try {
                    chunk = file.chunk(node.buffer(c), type);
                } catch (VortexException e) {
                    throw located(node, c, "/chunk[" + c + "]", e);
                }
                for (int pageIndex = 0; pageIndex < pages.length; pageIndex++) {
                    int n = pages[pageIndex];
                    try {
                        chunk.decodePage(node.buffer(pageBuffer), n, out, offset);
                    } catch (VortexException e) {
                        throw located(node, pageBuffer, "/chunk[" + c + "]/page[" + pageIndex + "]", e);
                    }
                    pageBuffer++;
                    offset += (long) n * width;
                }
            }
        }
        if (validCount < length) {
            scatter(out, validity, length, validCount, width);
        }
        return new PrimitiveArray(p, out, length, validity);
    }

    /** Locates a codec error at the buffer it came from (the codec's message has the byte within it). */
    private static VortexException located(ArrayNode node, int buffer, String where, VortexException e) {
        return new VortexException(node.source(), node.bufferOffset(buffer), node.path() + where, e.problem(), e);
    }

    private static PcoDecoder.NumberType numberType(ArrayNode node, PType ptype) {
        return switch (ptype) {
            case U16 -> PcoDecoder.NumberType.U16;
            case U32 -> PcoDecoder.NumberType.U32;
            case U64 -> PcoDecoder.NumberType.U64;
            case I16 -> PcoDecoder.NumberType.I16;
            case I32 -> PcoDecoder.NumberType.I32;
            case I64 -> PcoDecoder.NumberType.I64;
            case F16 -> PcoDecoder.NumberType.F16;
            case F32 -> PcoDecoder.NumberType.F32;
            case F64 -> PcoDecoder.NumberType.F64;
            case U8, I8 -> throw node.error(ID + " does not store " + ptype + " (the reference supports 16- to 64-bit types)");
        };
    }

    /**
     * Moves the {@code validCount} dense values at the start of {@code out} to the valid rows, back to
     * front so no value is overwritten before it moves (the k-th valid row is at index >= k), and
     * zeroes the null rows. All-null arrays have nothing to move ({@code out} is zeroed).
     */
    static void scatter(MemorySegment out, Validity validity, int length, int validCount, int width) {
        switch (validity) {
            case Validity.AllValid v -> { }
            case Validity.AllInvalid v -> { }
            case Validity.Bitmap b -> scatter(out, b.bits(), b.bitOffset(), length, validCount, width);
        }
    }

    private static void scatter(MemorySegment out, MemorySegment bits, long bitOffset, int length, int validCount,
                                int width) {
        int k = validCount;
        switch (width) {
            case 8 -> {
                for (int row = length - 1; row >= 0; row--) {
                    boolean valid = Validity.Bits.get(bits, bitOffset + row);
                    long v = valid ? out.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, --k) : 0L;
                    out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, row, v);
                }
            }
            case 4 -> {
                for (int row = length - 1; row >= 0; row--) {
                    boolean valid = Validity.Bits.get(bits, bitOffset + row);
                    int v = valid ? out.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, --k) : 0;
                    out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row, v);
                }
            }
            default -> {
                for (int row = length - 1; row >= 0; row--) {
                    boolean valid = Validity.Bits.get(bits, bitOffset + row);
                    short v = valid ? out.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, --k) : 0;
                    out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, row, v);
                }
            }
        }
    }
}
