package io.jvortex.internal.encodings.datetimeparts;

import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * {@code vortex.datetimeparts}: {@code ts = days * 86400 * D + seconds * D + subseconds}. See the package
 * documentation for the physical form.
 */
public final class DateTimePartsEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.datetimeparts";

    /** Seconds per day. */
    public static final long SECONDS_PER_DAY = 86_400L;

    private static final int CHUNK = 1024;
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /**
     * The parsed metadata.
     *
     * @param daysType the integer type of the days child
     * @param secondsType the integer type of the seconds child
     * @param subsecondsType the integer type of the sub-seconds child
     */
    public record DateTimePartsMetadata(PType daysType, PType secondsType, PType subsecondsType) {
        /**
         * Parses and checks the metadata.
         *
         * @param node the node
         * @return the metadata
         */
        public static DateTimePartsMetadata parse(ArrayNode node) {
            PType days = PType.U8;
            PType seconds = PType.U8;
            PType subseconds = PType.U8;
            ProtoReader r = new ProtoReader(node.metadata(), "DateTimePartsMetadata");
            while (r.next()) {
                switch (r.field()) {
                    case 1 -> days = PType.fromId(r.varint());
                    case 2 -> seconds = PType.fromId(r.varint());
                    case 3 -> subseconds = PType.fromId(r.varint());
                    default -> r.skip();
                }
            }
            for (PType t : new PType[] {days, seconds, subseconds}) {
                if (!t.isInteger()) {
                    throw node.error("part types must be integers, got " + days.displayName() + ", "
                            + seconds.displayName() + ", " + subseconds.displayName());
                }
            }
            return new DateTimePartsMetadata(days, seconds, subseconds);
        }

        /** @return the message bytes, as the encoder writes them (u8 types omitted) */
        public byte[] serialize() {
            return new ProtoWriter()
                    .varint(1, daysType.id())
                    .varint(2, secondsType.id())
                    .varint(3, subsecondsType.id()).toByteArray();
        }
    }

    /** Creates the (stateless) encoding. */
    public DateTimePartsEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Extension ext = ctx.expectDType(node, dtype, DType.Extension.class);
        if (!Extensions.TIMESTAMP.equals(ext.id())
                || !(Extensions.kind(ext).orElseThrow() instanceof Extensions.TimestampKind ts)) {
            throw node.error(ID + " holds " + Extensions.TIMESTAMP + ", got " + ext.display());
        }
        long ticksPerSecond = ts.unit().ticksPerSecond();
        DType.Primitive storage = (DType.Primitive) ext.storage();
        DateTimePartsMetadata meta = DateTimePartsMetadata.parse(node);
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 3, 3);

        Canonical daysChild = ctx.decodeChild(node, 0, new DType.Primitive(meta.daysType(), storage.nullable()), length);
        Canonical secondsChild = ctx.decodeChild(node, 1, new DType.Primitive(meta.secondsType(), false), length);
        Canonical subsecondsChild = ctx.decodeChild(node, 2, new DType.Primitive(meta.subsecondsType(), false), length);
        for (Canonical c : new Canonical[] {daysChild, secondsChild, subsecondsChild}) {
            if (c instanceof OpaqueArray opaque) {
                return new OpaqueArray(opaque.encodingId(), dtype, length);
            }
        }
        PrimitiveArray days = primitive(node, daysChild, "days");
        PrimitiveArray seconds = primitive(node, secondsChild, "seconds");
        PrimitiveArray subseconds = primitive(node, subsecondsChild, "subseconds");

        MemorySegment out = ctx.allocate(8L * length);
        combine(days, seconds, subseconds, ticksPerSecond, out, length);
        return new ExtensionArray(ext, new PrimitiveArray(storage, out, length, days.validity()));
    }

    private static PrimitiveArray primitive(ArrayNode node, Canonical c, String what) {
        if (c instanceof PrimitiveArray a) {
            return a;
        }
        throw node.error(what + " decoded to " + c.getClass().getSimpleName() + ", expected primitive");
    }

    /** {@code out[i] = days[i] * 86400 * D + seconds[i] * D + subseconds[i]}, wrapping. */
    static void combine(PrimitiveArray days, PrimitiveArray seconds, PrimitiveArray subseconds, long ticksPerSecond,
                        MemorySegment out, int length) {
        int n0 = Math.min(CHUNK, length);
        long[] acc = new long[n0];
        long[] part = new long[n0];
        long ticksPerDay = SECONDS_PER_DAY * ticksPerSecond;
        for (int start = 0; start < length; start += CHUNK) {
            int n = Math.min(CHUNK, length - start);
            widen(days, start, n, acc);
            for (int j = 0; j < n; j++) {
                acc[j] *= ticksPerDay;
            }
            widen(seconds, start, n, part);
            for (int j = 0; j < n; j++) {
                acc[j] += part[j] * ticksPerSecond;
            }
            widen(subseconds, start, n, part);
            for (int j = 0; j < n; j++) {
                acc[j] += part[j];
            }
            MemorySegment.copy(acc, 0, out, I64, 8L * start, n);
        }
    }

    /** Loads rows {@code [start, start + n)} of an integer array into {@code dst}, widened like Rust's {@code as i64}. */
    static void widen(PrimitiveArray a, int start, int n, long[] dst) {
        MemorySegment v = a.values();
        switch (a.ptype()) {
            case I8 -> {
                for (int j = 0; j < n; j++) {
                    dst[j] = v.get(ValueLayout.JAVA_BYTE, (long) start + j);
                }
            }
            case U8 -> {
                for (int j = 0; j < n; j++) {
                    dst[j] = Byte.toUnsignedLong(v.get(ValueLayout.JAVA_BYTE, (long) start + j));
                }
            }
            case I16 -> {
                for (int j = 0; j < n; j++) {
                    dst[j] = v.get(I16, 2L * (start + j));
                }
            }
            case U16 -> {
                for (int j = 0; j < n; j++) {
                    dst[j] = Short.toUnsignedLong(v.get(I16, 2L * (start + j)));
                }
            }
            case I32 -> {
                for (int j = 0; j < n; j++) {
                    dst[j] = v.get(I32, 4L * (start + j));
                }
            }
            case U32 -> {
                for (int j = 0; j < n; j++) {
                    dst[j] = Integer.toUnsignedLong(v.get(I32, 4L * (start + j)));
                }
            }
            case I64, U64 -> MemorySegment.copy(v, I64, 8L * start, dst, 0, n);
            default -> throw new IllegalStateException("validated integer, got " + a.ptype());
        }
    }
}
