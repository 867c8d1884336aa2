package io.jvortex.internal.encodings.decimalbyteparts;

import io.jvortex.array.DecimalArray;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Encodes decimals as {@code vortex.decimal_byte_parts}: the unscaled values, narrowed to the smallest signed
 * integer type ({@code i8} … {@code i64}) that holds every valid value, become the one {@code msp} child. Null
 * rows store 0. Decimals with a valid value outside {@code i64} cannot be encoded this way; where the edition
 * permits {@code vortex.decimal_byte_parts.v2}, {@link #split} cuts them into an {@code i64} msp over one
 * ({@code i128}) or three ({@code i256}) unsigned 64-bit lower parts.
 */
public final class DecimalBytePartsEncoder {
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private DecimalBytePartsEncoder() {
    }

    /**
     * @param decimals a decimal array
     * @return its unscaled values as the narrowest signed integer array, with the decimal's nullability and
     *         validity, or {@code null} when a valid value does not fit {@code i64}
     */
    public static PrimitiveArray mostSignificantPart(DecimalArray decimals) {
        int n = decimals.length();
        boolean[] mask = validMask(decimals);
        long[] values = new long[n];
        long min = 0;
        long max = 0;
        boolean any = false;
        MemorySegment src = decimals.values();
        int width = decimals.valueByteWidth();
        if (width <= 8) {
            // read in bulk: a segment access per value costs several times more
            PType unscaled = switch (width) {
                case 1 -> PType.I8;
                case 2 -> PType.I16;
                case 4 -> PType.I32;
                default -> PType.I64;
            };
            Offsets.widen(new PrimitiveArray(new DType.Primitive(unscaled, false), src.asSlice(0, (long) n * width), n,
                    Validity.ALL_VALID), 0, n, values);
        }
        for (int i = 0; i < n; i++) {
            if (mask != null && !mask[i]) {
                values[i] = 0;
                continue;
            }
            long v;
            if (width <= 8) {
                v = values[i];
            } else {
                long base = (long) i * width;
                v = src.get(I64, base);
                long sign = v >> 63;
                for (int k = 8; k < width; k += 8) {
                    if (src.get(I64, base + k) != sign) {
                        return null;
                    }
                }
                values[i] = v;
            }
            min = any ? Math.min(min, v) : v;
            max = any ? Math.max(max, v) : v;
            any = true;
        }
        PType type = min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE ? PType.I8
                : min >= Short.MIN_VALUE && max <= Short.MAX_VALUE ? PType.I16
                : min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE ? PType.I32 : PType.I64;
        // narrowed on the heap, then copied in bulk
        byte[] bytes = new byte[n * type.byteWidth()];
        MemorySegment out = MemorySegment.ofArray(bytes);
        switch (type) {
            case I8 -> {
                for (int i = 0; i < n; i++) {
                    bytes[i] = (byte) values[i];
                }
            }
            case I16 -> {
                short[] narrow = new short[n];
                for (int i = 0; i < n; i++) {
                    narrow[i] = (short) values[i];
                }
                MemorySegment.copy(narrow, 0, out, I16, 0, n);
            }
            case I32 -> {
                int[] narrow = new int[n];
                for (int i = 0; i < n; i++) {
                    narrow[i] = (int) values[i];
                }
                MemorySegment.copy(narrow, 0, out, I32, 0, n);
            }
            default -> MemorySegment.copy(values, 0, out, I64, 0, n);
        }
        return new PrimitiveArray(new DType.Primitive(type, decimals.dtype().nullable()), out, n,
                decimals.validity());
    }

    /**
     * @param msp the node of the most significant part
     * @param mspType its signed integer type
     * @return the {@code vortex.decimal_byte_parts} node
     */
    public static WriteNode node(WriteNode msp, PType mspType) {
        if (!mspType.isInteger() || !mspType.isSigned()) {
            throw new IllegalArgumentException("msp type must be a signed integer, got " + mspType);
        }
        byte[] meta = new DecimalBytePartsEncoding.DecimalBytePartsMetadata(mspType, 0).serialize();
        return WriteNode.of(DecimalBytePartsEncoding.ID, meta, List.of(), List.of(msp));
    }

    /**
     * Encodes without compressing the integers (for tests and tools).
     *
     * @param decimals a decimal array
     * @return the node with a canonical child, or {@code null} when a value does not fit {@code i64}
     */
    public static WriteNode encodeCanonical(DecimalArray decimals) {
        PrimitiveArray msp = mostSignificantPart(decimals);
        return msp == null ? null : node(CanonicalEncoder.encode(msp), msp.ptype());
    }

    /**
     * The parts of decimals wider than {@code i64}.
     *
     * @param msp the most significant 64 bits of each value, signed, with the decimal's nullability and validity
     * @param lowerParts the lower 64-bit words, most significant first, each non-nullable and narrowed to the
     *        smallest unsigned type that holds all of its words
     */
    public record Parts(PrimitiveArray msp, List<PrimitiveArray> lowerParts) {
    }

    /**
     * Cuts decimals on 64-bit word boundaries, as the reference's splitter does: values that fit
     * {@code i128} get one lower part, wider ones three. Null rows store 0 in every part.
     *
     * @param decimals a decimal array whose value width is 16 or 32 bytes
     * @return its parts, or {@code null} when the value width is 8 bytes or less (use
     *         {@link #mostSignificantPart} then)
     */
    public static Parts split(DecimalArray decimals) {
        int width = decimals.valueByteWidth();
        if (width <= 8) {
            return null;
        }
        int n = decimals.length();
        boolean[] mask = validMask(decimals);
        MemorySegment src = decimals.values();
        int words = width / 8;
        // A 32-byte value fits i128 when its two upper words only repeat the sign of word 1.
        boolean fitsI128 = true;
        for (int i = 0; i < n && words == 4 && fitsI128; i++) {
            if (mask == null || mask[i]) {
                long base = 32L * i;
                long sign = src.get(I64, base + 8) >> 63;
                fitsI128 = src.get(I64, base + 16) == sign && src.get(I64, base + 24) == sign;
            }
        }
        int lowerCount = fitsI128 ? 1 : 3;
        long[] msp = new long[n];
        long[][] lower = new long[lowerCount][n];
        for (int i = 0; i < n; i++) {
            if (mask != null && !mask[i]) {
                continue;
            }
            long base = (long) i * width;
            msp[i] = src.get(I64, base + 8L * lowerCount);
            for (int j = 0; j < lowerCount; j++) {
                lower[j][i] = src.get(I64, base + 8L * (lowerCount - 1 - j));
            }
        }
        MemorySegment mspValues = MemorySegment.ofArray(new byte[n * 8]);
        MemorySegment.copy(msp, 0, mspValues, I64, 0, n);
        PrimitiveArray mspArray = new PrimitiveArray(new DType.Primitive(PType.I64, decimals.dtype().nullable()),
                mspValues, n, decimals.validity());
        List<PrimitiveArray> parts = new java.util.ArrayList<>(lowerCount);
        for (long[] part : lower) {
            parts.add(narrowUnsigned(part));
        }
        return new Parts(mspArray, List.copyOf(parts));
    }

    /** The words as the smallest unsigned type that holds all of them, non-nullable. */
    private static PrimitiveArray narrowUnsigned(long[] words) {
        int n = words.length;
        long any = 0;
        for (long w : words) {
            any |= w;
        }
        PType type = (any >>> 8) == 0 ? PType.U8 : (any >>> 16) == 0 ? PType.U16
                : (any >>> 32) == 0 ? PType.U32 : PType.U64;
        MemorySegment out = MemorySegment.ofArray(new byte[n * type.byteWidth()]);
        switch (type) {
            case U8 -> {
                for (int i = 0; i < n; i++) {
                    out.set(ValueLayout.JAVA_BYTE, i, (byte) words[i]);
                }
            }
            case U16 -> {
                for (int i = 0; i < n; i++) {
                    out.set(I16, 2L * i, (short) words[i]);
                }
            }
            case U32 -> {
                for (int i = 0; i < n; i++) {
                    out.set(I32, 4L * i, (int) words[i]);
                }
            }
            default -> MemorySegment.copy(words, 0, out, I64, 0, n);
        }
        return new PrimitiveArray(new DType.Primitive(type, false), out, n, Validity.ALL_VALID);
    }

    /**
     * @param msp the node of the most significant part
     * @param mspType its signed integer type
     * @param lowerParts the nodes of the lower parts, most significant first (1 to 3)
     * @param lowerTypes their unsigned integer types
     * @return the {@code vortex.decimal_byte_parts.v2} node
     */
    public static WriteNode nodeV2(WriteNode msp, PType mspType, List<WriteNode> lowerParts, List<PType> lowerTypes) {
        if (!mspType.isInteger() || !mspType.isSigned()) {
            throw new IllegalArgumentException("msp type must be a signed integer, got " + mspType);
        }
        if (lowerParts.size() != lowerTypes.size() || lowerParts.isEmpty()
                || lowerParts.size() > DecimalBytePartsV2Encoding.MAX_LOWER_PARTS) {
            throw new IllegalArgumentException("expected 1.." + DecimalBytePartsV2Encoding.MAX_LOWER_PARTS
                    + " lower parts with one type each, got " + lowerParts.size() + " and " + lowerTypes.size());
        }
        for (PType t : lowerTypes) {
            if (!t.isInteger() || t.isSigned()) {
                throw new IllegalArgumentException("lower part type must be an unsigned integer, got " + t);
            }
        }
        byte[] meta = new DecimalBytePartsV2Encoding.Metadata(mspType, List.copyOf(lowerTypes)).serialize();
        List<WriteNode> children = new java.util.ArrayList<>(1 + lowerParts.size());
        children.add(msp);
        children.addAll(lowerParts);
        return WriteNode.of(DecimalBytePartsV2Encoding.ID, meta, List.of(), children);
    }

    /**
     * Encodes decimals wider than {@code i64} as {@code vortex.decimal_byte_parts.v2} without compressing
     * the parts (for tests and tools).
     *
     * @param decimals a decimal array whose value width is 16 or 32 bytes
     * @return the node with canonical children, or {@code null} when the value width is 8 bytes or less
     */
    public static WriteNode encodeCanonicalV2(DecimalArray decimals) {
        Parts parts = split(decimals);
        if (parts == null) {
            return null;
        }
        return nodeV2(CanonicalEncoder.encode(parts.msp()), PType.I64,
                parts.lowerParts().stream().map(p -> CanonicalEncoder.encode(p)).toList(),
                parts.lowerParts().stream().map(PrimitiveArray::ptype).toList());
    }

    /** Row validity read once from the bitmap, or {@code null} when every row is valid. */
    private static boolean[] validMask(io.jvortex.array.Canonical array) {
        if (!array.dtype().nullable()) {
            return null;
        }
        return switch (array.validity()) {
            case Validity.AllValid v -> null;
            case Validity.AllInvalid v -> new boolean[array.length()];
            case Validity.Bitmap b -> {
                boolean[] mask = new boolean[array.length()];
                for (int i = 0; i < mask.length; i++) {
                    mask[i] = Validity.Bits.get(b.bits(), b.bitOffset() + i);
                }
                yield mask;
            }
        };
    }
}
