package io.jvortex.internal.encodings.datetimeparts;

import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Encodes timestamp extension arrays as {@code vortex.datetimeparts}: with {@code D} ticks per second,
 * {@code days = ts / (86400 D)}, {@code seconds = ts % (86400 D) / D}, {@code subseconds = ts % D} (truncating,
 * so the parts of pre-1970 instants are negative), each part narrowed as the reference narrows integers: to
 * {@code u8}/{@code u16}/{@code u32} when no value is negative, else to {@code i8}/{@code i16}/{@code i32},
 * else left {@code i64}. The days carry the validity; null rows store 0 in every part.
 */
public final class DateTimePartsEncoder {
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private DateTimePartsEncoder() {
    }

    /**
     * The three parts, narrowed.
     *
     * @param days days since the epoch, with the timestamp's nullability and validity
     * @param seconds seconds within the day, non-null
     * @param subseconds ticks within the second, non-null
     */
    public record Parts(PrimitiveArray days, PrimitiveArray seconds, PrimitiveArray subseconds) {
    }

    /**
     * @param array an extension array
     * @return the time unit of a {@code vortex.timestamp} array over a primitive {@code i64} storage, or
     *         {@code null} for anything else
     */
    public static TimeUnit timestampUnit(ExtensionArray array) {
        if (!Extensions.TIMESTAMP.equals(array.dtype().id())
                || !(array.storage() instanceof PrimitiveArray p) || p.ptype() != PType.I64) {
            return null;
        }
        return Extensions.kind(array.dtype()).orElseThrow() instanceof Extensions.TimestampKind ts
                && ts.unit() != TimeUnit.DAYS ? ts.unit() : null;
    }

    /**
     * @param timestamps a timestamp array (see {@link #timestampUnit})
     * @return its parts
     */
    public static Parts split(ExtensionArray timestamps) {
        TimeUnit unit = timestampUnit(timestamps);
        if (unit == null) {
            throw new IllegalArgumentException("datetime parts encode vortex.timestamp arrays, got "
                    + timestamps.dtype().display());
        }
        PrimitiveArray storage = (PrimitiveArray) timestamps.storage();
        int n = storage.length();
        long perSecond = unit.ticksPerSecond();
        long perDay = DateTimePartsEncoding.SECONDS_PER_DAY * perSecond;
        long[] ts = new long[n];
        MemorySegment.copy(storage.values(), I64, 0, ts, 0, n);
        boolean[] mask = validMask(storage);
        long[] days = new long[n];
        long[] seconds = new long[n];
        long[] subseconds = new long[n];
        for (int i = 0; i < n; i++) {
            if (mask != null && !mask[i]) {
                continue;
            }
            long t = ts[i];
            long inDay = t % perDay;
            days[i] = t / perDay;
            seconds[i] = inDay / perSecond;
            subseconds[i] = inDay % perSecond;
        }
        return new Parts(narrow(days, mask, storage.dtype().nullable(), storage.validity()),
                narrow(seconds, null, false, Validity.ALL_VALID), narrow(subseconds, null, false, Validity.ALL_VALID));
    }

    /**
     * @param days the days node
     * @param daysType its integer type
     * @param seconds the seconds node
     * @param secondsType its integer type
     * @param subseconds the sub-seconds node
     * @param subsecondsType its integer type
     * @return the {@code vortex.datetimeparts} node
     */
    public static WriteNode node(WriteNode days, PType daysType, WriteNode seconds,
                                 PType secondsType, WriteNode subseconds, PType subsecondsType) {
        for (PType t : new PType[] {daysType, secondsType, subsecondsType}) {
            if (!t.isInteger()) {
                throw new IllegalArgumentException("part types must be integers, got " + t);
            }
        }
        byte[] meta = new DateTimePartsEncoding.DateTimePartsMetadata(daysType, secondsType, subsecondsType)
                .serialize();
        return WriteNode.of(DateTimePartsEncoding.ID, meta, List.of(), List.of(days, seconds, subseconds));
    }

    /**
     * Encodes without compressing the parts (for tests and tools).
     *
     * @param timestamps a timestamp array
     * @return the node with canonical children
     */
    public static WriteNode encodeCanonical(ExtensionArray timestamps) {
        Parts parts = split(timestamps);
        return node(CanonicalEncoder.encode(parts.days()), parts.days().ptype(),
                CanonicalEncoder.encode(parts.seconds()), parts.seconds().ptype(),
                CanonicalEncoder.encode(parts.subseconds()), parts.subseconds().ptype());
    }

    /** The reference's integer narrowing, over the rows {@code mask} marks valid ({@code null}: all). */
    static PrimitiveArray narrow(long[] values, boolean[] mask, boolean nullable, Validity validity) {
        int n = values.length;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            if (mask == null || mask[i]) {
                min = Math.min(min, values[i]);
                max = Math.max(max, values[i]);
            }
        }
        PType type;
        if (min > max) {
            type = PType.U8;
        } else if (min < 0) {
            type = min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE ? PType.I8
                    : min >= Short.MIN_VALUE && max <= Short.MAX_VALUE ? PType.I16
                    : min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE ? PType.I32 : PType.I64;
        } else {
            type = max <= 0xFF ? PType.U8 : max <= 0xFFFF ? PType.U16 : max <= 0xFFFF_FFFFL ? PType.U32 : PType.I64;
        }
        MemorySegment out = MemorySegment.ofArray(new byte[n * type.byteWidth()]);
        switch (type.byteWidth()) {
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    out.set(ValueLayout.JAVA_BYTE, i, (byte) values[i]);
                }
            }
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    out.set(I16, 2L * i, (short) values[i]);
                }
            }
            case 4 -> {
                for (int i = 0; i < n; i++) {
                    out.set(I32, 4L * i, (int) values[i]);
                }
            }
            default -> MemorySegment.copy(values, 0, out, I64, 0, n);
        }
        return new PrimitiveArray(new DType.Primitive(type, nullable), out, n, nullable ? validity : Validity.ALL_VALID);
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
