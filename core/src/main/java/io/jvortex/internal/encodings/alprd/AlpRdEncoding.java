package io.jvortex.internal.encodings.alprd;

import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.Patches;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * {@code vortex.alprd}: floats rebuilt as {@code (dict[code] << right_bit_width) | right}, with patched left
 * parts. See the package documentation for the physical form.
 */
public final class AlpRdEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.alprd";

    private static final int CHUNK = 1024;
    private static final ValueLayout.OfByte U8 = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Creates the (stateless) encoding. */
    public AlpRdEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        boolean f32 = switch (p.ptype()) {
            case F32 -> true;
            case F64 -> false;
            default -> throw node.error(ID + " holds f32 or f64, got " + p.display());
        };
        AlpRdMetadata meta = AlpRdMetadata.parse(node);
        int floatBits = p.ptype().bitWidth();
        if (meta.rightBitWidth() >= floatBits) {
            throw node.error("right_bit_width " + meta.rightBitWidth() + " must be below " + floatBits);
        }
        Patches patches = meta.patches() == null ? null : Patches.of(node, meta.patches(), ctx);
        if (patches != null && patches.count() > length) {
            throw node.error("has " + patches.count() + " patches, expected at most the array length " + length);
        }
        ctx.expectBuffers(node, 0);
        int children = 2 + (patches == null ? 0 : patches.childCount());
        ctx.expectChildren(node, children, children);

        Canonical leftChild = ctx.decodeChild(node, 0, new DType.Primitive(meta.leftPartsType(), p.nullable()), length);
        Canonical rightChild = ctx.decodeChild(node, 1, new DType.Primitive(f32 ? PType.U32 : PType.U64, false), length);
        // Allocate (within the budget) before the patches: their position table is at most this size.
        MemorySegment out = ctx.allocate((long) length * (f32 ? 4 : 8));
        Patches.Decoded decodedPatches = patches == null ? null
                : patches.decode(node, 2, new DType.Primitive(meta.leftPartsType(), false), length, ctx);
        for (Canonical c : new Canonical[] {leftChild, rightChild, decodedPatches == null ? null : decodedPatches.values()}) {
            if (c instanceof OpaqueArray opaque) {
                return new OpaqueArray(opaque.encodingId(), dtype, length);
            }
        }
        PrimitiveArray left = primitive(node, leftChild, "left parts");
        PrimitiveArray right = primitive(node, rightChild, "right parts");
        int[] positions = decodedPatches == null ? new int[0] : decodedPatches.positions();

        int[] dict = meta.dictionary();
        int rbw = meta.rightBitWidth();
        Combiner combiner = new Combiner(node, left, dict.length, positions);
        if (f32) {
            int[] shifted = new int[Math.max(1, dict.length)];
            for (int i = 0; i < dict.length; i++) {
                shifted[i] = dict[i] << rbw;
            }
            combiner.combineF32(right.values(), out, length, shifted);
        } else {
            long[] shifted = new long[Math.max(1, dict.length)];
            for (int i = 0; i < dict.length; i++) {
                shifted[i] = (long) dict[i] << rbw;
            }
            combiner.combineF64(right.values(), out, length, shifted);
        }
        if (decodedPatches != null) {
            PrimitiveArray values = primitive(node, decodedPatches.values(), "patch values");
            for (int k = 0; k < positions.length; k++) {
                int pos = positions[k];
                long leftBits = values.getLong(k);
                if (f32) {
                    int bits = ((int) leftBits << rbw) | right.values().get(U32, 4L * pos);
                    out.set(U32, 4L * pos, bits);
                } else {
                    long bits = (leftBits << rbw) | right.values().get(U64, 8L * pos);
                    out.set(U64, 8L * pos, bits);
                }
            }
        }
        return new PrimitiveArray(p, out, length, left.validity());
    }

    private static PrimitiveArray primitive(ArrayNode node, Canonical c, String what) {
        if (c instanceof PrimitiveArray a) {
            return a;
        }
        throw node.error(what + " decoded to " + c.getClass().getSimpleName() + ", expected primitive");
    }

    /** Reads codes chunk by chunk, checks them against the dictionary and combines them with the right parts. */
    private static final class Combiner {
        private final ArrayNode node;
        private final MemorySegment codes;
        private final PType codeType;
        private final Validity validity;
        private final int dictLength;
        private final int[] patchPositions;
        private final int[] chunk;
        private final byte[] bytes;
        private final short[] shorts;

        Combiner(ArrayNode node, PrimitiveArray left, int dictLength, int[] patchPositions) {
            this.node = node;
            this.codes = left.values();
            this.codeType = left.ptype();
            this.validity = left.validity();
            this.dictLength = dictLength;
            this.patchPositions = patchPositions;
            this.chunk = new int[CHUNK];
            this.bytes = codeType == PType.U8 ? new byte[CHUNK] : null;
            this.shorts = codeType == PType.U16 ? new short[CHUNK] : null;
        }

        void combineF32(MemorySegment right, MemorySegment out, int length, int[] shifted) {
            int[] rights = new int[Math.min(CHUNK, length)];
            int[] c = chunk;
            for (int start = 0; start < length; start += CHUNK) {
                int n = Math.min(CHUNK, length - start);
                loadCodes(start, n);
                MemorySegment.copy(right, U32, 4L * start, rights, 0, n);
                for (int j = 0; j < n; j++) {
                    rights[j] |= shifted[c[j]];
                }
                MemorySegment.copy(rights, 0, out, U32, 4L * start, n);
            }
        }

        void combineF64(MemorySegment right, MemorySegment out, int length, long[] shifted) {
            long[] rights = new long[Math.min(CHUNK, length)];
            int[] c = chunk;
            for (int start = 0; start < length; start += CHUNK) {
                int n = Math.min(CHUNK, length - start);
                loadCodes(start, n);
                MemorySegment.copy(right, U64, 8L * start, rights, 0, n);
                for (int j = 0; j < n; j++) {
                    rights[j] |= shifted[c[j]];
                }
                MemorySegment.copy(rights, 0, out, U64, 8L * start, n);
            }
        }

        /** Loads codes {@code [start, start + n)} into {@link #chunk} as non-negative ints below the dictionary size. */
        private void loadCodes(int start, int n) {
            int[] c = chunk;
            int max = 0;
            switch (codeType) {
                case U8 -> {
                    byte[] raw = bytes;
                    MemorySegment.copy(codes, U8, start, raw, 0, n);
                    for (int j = 0; j < n; j++) {
                        c[j] = Byte.toUnsignedInt(raw[j]);
                    }
                }
                case U16 -> {
                    short[] raw = shorts;
                    MemorySegment.copy(codes, U16, 2L * start, raw, 0, n);
                    for (int j = 0; j < n; j++) {
                        c[j] = Short.toUnsignedInt(raw[j]);
                    }
                }
                case U32 -> {
                    for (int j = 0; j < n; j++) {
                        int v = codes.get(U32, 4L * (start + j));
                        c[j] = v < 0 ? Integer.MAX_VALUE : v;
                    }
                }
                case U64 -> {
                    for (int j = 0; j < n; j++) {
                        long v = codes.get(U64, 8L * (start + j));
                        c[j] = v < 0 || v > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) v;
                    }
                }
                default -> throw new IllegalStateException("left parts type " + codeType + " was validated unsigned");
            }
            for (int j = 0; j < n; j++) {
                max = Math.max(max, c[j]);
            }
            if (max >= dictLength) {
                clampUnspecifiedCodes(start, n);
            }
        }

        /** Codes of null or patched rows are unspecified: read them as 0; any other out-of-range code is corrupt. */
        private void clampUnspecifiedCodes(int start, int n) {
            int[] c = chunk;
            for (int j = 0; j < n; j++) {
                if (c[j] >= dictLength) {
                    int row = start + j;
                    if (validity.isValid(row) && Arrays.binarySearch(patchPositions, row) < 0) {
                        throw node.error("left-part code " + c[j] + " at row " + row + " outside the "
                                + dictLength + "-entry dictionary");
                    }
                    c[j] = 0;
                }
            }
        }
    }
}
