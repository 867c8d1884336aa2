package io.jvortex.internal.encodings.sequence;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.ScalarValueWriter;
import io.jvortex.scalar.ScalarValues;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.ByteOrder;

/** {@code vortex.sequence}: {@code out[i] = base + i * multiplier}. See the package documentation. */
public final class SequenceEncoding implements Encoding, io.jvortex.spi.PointAccess {
    /** The encoding id. */
    public static final String ID = "vortex.sequence";

    private static final int CHUNK = 1024;
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /**
     * The parsed metadata.
     *
     * @param base the first value, as the type's raw bits (sign-extended for signed types, zero-extended
     *     for unsigned ones; u64 as raw bits)
     * @param multiplier the step's 64 bits
     * @param multiplierUnsigned whether {@code multiplier} is an unsigned 64-bit value (it came as
     *     {@code uint64_value}) rather than a signed one ({@code int64_value})
     */
    public record SequenceMetadata(long base, long multiplier, boolean multiplierUnsigned) {
        /**
         * Parses the metadata against an integer type: the base is range-checked to the type, the
         * multiplier is any signed or unsigned 64-bit integer (as the reference reader accepts).
         *
         * @param node the node
         * @param ptype the array's integer type
         * @return the metadata
         */
        public static SequenceMetadata parse(ArrayNode node, PType ptype) {
            MemorySegment base = null;
            MemorySegment multiplier = null;
            ProtoReader r = new ProtoReader(node.metadata(), "SequenceMetadata");
            while (r.next()) {
                switch (r.field()) {
                    case 1 -> base = r.bytes();
                    case 2 -> multiplier = r.bytes();
                    default -> r.skip();
                }
            }
            if (base == null || multiplier == null) {
                throw node.error("metadata lacks the " + (base == null ? "base" : "multiplier"));
            }
            long baseBits;
            try {
                baseBits = ScalarValues.decode(base, new DType.Primitive(ptype, false)).asLong();
            } catch (VortexException e) {
                throw node.error("base: " + e.problem());
            }
            int kind = 0;
            long bits = 0;
            ProtoReader m = new ProtoReader(multiplier, "ScalarValue");
            while (m.next()) {
                kind = m.field();
                switch (kind) {
                    case 3 -> bits = m.sint64();
                    case 4 -> bits = m.varint();
                    default -> m.skip();
                }
            }
            if (kind != 3 && kind != 4) {
                throw node.error("multiplier must be an int64_value or uint64_value scalar, got field " + kind);
            }
            return new SequenceMetadata(baseBits, bits, kind == 4);
        }

        /**
         * Serializes the metadata as the writer does: the base as a scalar of the array's type, the
         * multiplier as {@code uint64_value} when unsigned, else {@code int64_value}.
         *
         * @param ptype the array's integer type
         * @return the message bytes
         */
        public byte[] serialize(PType ptype) {
            DType.Primitive multiplierType = new DType.Primitive(multiplierUnsigned ? PType.U64 : PType.I64, false);
            return new ProtoWriter()
                    .bytesAlways(1, ScalarValueWriter.encode(new Scalar(new DType.Primitive(ptype, false), base)))
                    .bytesAlways(2, ScalarValueWriter.encode(new Scalar(multiplierType, multiplier)))
                    .toByteArray();
        }

        /**
         * Returns the multiplier as an exact integer.
         *
         * @return the multiplier, signed or unsigned as it was stored
         */
        public BigInteger exactMultiplier() {
            return multiplierUnsigned ? unsigned(multiplier) : BigInteger.valueOf(multiplier);
        }
    }

    /** Creates the (stateless) encoding. */
    public SequenceEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        PType ptype = p.ptype();
        SequenceMetadata meta = validated(node, p, length, ctx);
        MemorySegment out = ctx.allocate((long) length * ptype.byteWidth());
        fill(ptype, meta.base(), meta.multiplier(), out, length);
        return new PrimitiveArray(p, out, length, Validity.ALL_VALID);
    }

    private static SequenceMetadata validated(ArrayNode node, DType.Primitive p, int length, DecodeContext ctx) {
        PType ptype = p.ptype();
        if (!ptype.isInteger()) {
            throw node.error(ID + " holds integers, got " + p.display());
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 0, 0);
        SequenceMetadata meta = SequenceMetadata.parse(node, ptype);
        if (length > 0) {
            checkLastValue(node, ptype, meta, length);
        }
        return meta;
    }

    /** {@code base + index * multiplier} at each requested position. */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        PType ptype = p.ptype();
        SequenceMetadata meta = validated(node, p, length, ctx);
        int n = indices.length;
        MemorySegment out = ctx.allocate((long) n * ptype.byteWidth());
        for (int i = 0; i < n; i++) {
            long v = meta.base() + indices[i] * meta.multiplier();
            switch (ptype.byteWidth()) {
                case 1 -> out.set(ValueLayout.JAVA_BYTE, i, (byte) v);
                case 2 -> out.setAtIndex(I16, i, (short) v);
                case 4 -> out.setAtIndex(I32, i, (int) v);
                default -> out.setAtIndex(I64, i, v);
            }
        }
        return new PrimitiveArray(p, out, n, Validity.ALL_VALID);
    }

    /**
     * Rejects sequences whose last value {@code base + (len - 1) * multiplier}, computed exactly, falls
     * outside the type, as the reference reader does; the values are linear in the row, so then every
     * value fits and wrapping arithmetic in the type's width yields the exact values.
     */
    private static void checkLastValue(ArrayNode node, PType ptype, SequenceMetadata meta, int length) {
        BigInteger base = ptype == PType.U64 ? unsigned(meta.base()) : BigInteger.valueOf(meta.base());
        BigInteger last = base.add(meta.exactMultiplier().multiply(BigInteger.valueOf(length - 1L)));
        BigInteger min = ptype.isSigned() ? BigInteger.ONE.shiftLeft(ptype.bitWidth() - 1).negate() : BigInteger.ZERO;
        BigInteger max = BigInteger.ONE.shiftLeft(ptype.isSigned() ? ptype.bitWidth() - 1 : ptype.bitWidth())
                .subtract(BigInteger.ONE);
        if (last.compareTo(min) < 0 || last.compareTo(max) > 0) {
            throw node.error("sequence base " + base + ", multiplier " + meta.exactMultiplier() + " over " + length
                    + " rows ends at " + last + ", which does not fit " + ptype.displayName());
        }
    }

    private static BigInteger unsigned(long bits) {
        BigInteger v = BigInteger.valueOf(bits);
        return bits < 0 ? v.add(BigInteger.ONE.shiftLeft(64)) : v;
    }

    /**
     * Writes {@code base + i * multiplier} for {@code i < length}, wrapping in the type's width (64-bit
     * wrapping arithmetic truncated to the width equals wrapping arithmetic in the width).
     */
    static void fill(PType ptype, long base, long multiplier, MemorySegment out, int length) {
        switch (ptype.byteWidth()) {
            case 1 -> {
                byte[] buf = new byte[Math.min(CHUNK, length)];
                for (int start = 0; start < length; start += CHUNK) {
                    int n = Math.min(CHUNK, length - start);
                    long first = base + start * multiplier;
                    for (int j = 0; j < n; j++) {
                        buf[j] = (byte) (first + j * multiplier);
                    }
                    MemorySegment.copy(buf, 0, out, ValueLayout.JAVA_BYTE, start, n);
                }
            }
            case 2 -> {
                short[] buf = new short[Math.min(CHUNK, length)];
                for (int start = 0; start < length; start += CHUNK) {
                    int n = Math.min(CHUNK, length - start);
                    long first = base + start * multiplier;
                    for (int j = 0; j < n; j++) {
                        buf[j] = (short) (first + j * multiplier);
                    }
                    MemorySegment.copy(buf, 0, out, I16, 2L * start, n);
                }
            }
            case 4 -> {
                int[] buf = new int[Math.min(CHUNK, length)];
                for (int start = 0; start < length; start += CHUNK) {
                    int n = Math.min(CHUNK, length - start);
                    long first = base + start * multiplier;
                    for (int j = 0; j < n; j++) {
                        buf[j] = (int) (first + j * multiplier);
                    }
                    MemorySegment.copy(buf, 0, out, I32, 4L * start, n);
                }
            }
            case 8 -> {
                long[] buf = new long[Math.min(CHUNK, length)];
                for (int start = 0; start < length; start += CHUNK) {
                    int n = Math.min(CHUNK, length - start);
                    long first = base + start * multiplier;
                    for (int j = 0; j < n; j++) {
                        buf[j] = first + j * multiplier;
                    }
                    MemorySegment.copy(buf, 0, out, I64, 8L * start, n);
                }
            }
            default -> throw new IllegalStateException("integer width " + ptype.byteWidth());
        }
    }
}
