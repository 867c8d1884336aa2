package io.jvortex.internal.format;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.internal.flatbuffers.FbTable;
import io.jvortex.scalar.ArrayStatistics;
import io.jvortex.scalar.Scalar;
import io.jvortex.scalar.ScalarValues;
import java.util.Optional;
import java.util.OptionalLong;

/** Reads the footer's {@code ArrayStats} flatbuffer tables into {@link ArrayStatistics}. */
public final class StatisticsTables {
    private StatisticsTables() {
    }

    /**
     * Reads an {@code ArrayStats} table for a column of the given dtype.
     *
     * @param stats the table
     * @param dtype the column's dtype
     * @return the statistics
     */
    public static ArrayStatistics read(FbTable stats, DType dtype) {
        try {
            DType valueType = dtype.withNullable(true);
            Optional<Scalar> min = scalar(stats, 0, valueType);
            Optional<Scalar> max = scalar(stats, 2, valueType);
            Optional<Scalar> sum = Optional.empty();
            DType sumType = sumType(dtype instanceof DType.Extension e ? e.storage() : dtype);
            if (sumType != null) {
                sum = scalar(stats, 4, sumType);
            }
            return new ArrayStatistics(min, precision(stats, 1), max, precision(stats, 3), sum,
                    optLong(stats, 8), optLong(stats, 10), optLong(stats, 9), optBool(stats, 5), optBool(stats, 6),
                    optBool(stats, 7));
        } catch (VortexException e) {
            throw e.withContext(stats.origin().source(), stats.absoluteOffset(), stats.origin().what());
        }
    }

    private static boolean precision(FbTable t, int field) {
        int p = t.u8(field, 0);
        if (p > 1) {
            throw new VortexException("unknown statistic precision " + p + ", expected 0 (inexact) or 1 (exact)");
        }
        return p == 1;
    }

    private static Optional<Scalar> scalar(FbTable t, int field, DType dtype) {
        if (!t.has(field)) {
            return Optional.empty();
        }
        Scalar s = ScalarValues.decode(t.bytes(field), dtype);
        return s.isNull() ? Optional.empty() : Optional.of(s);
    }

    private static OptionalLong optLong(FbTable t, int field) {
        return t.has(field) ? OptionalLong.of(t.u64(field, 0)) : OptionalLong.empty();
    }

    private static Optional<Boolean> optBool(FbTable t, int field) {
        return t.has(field) ? Optional.of(t.bool(field, false)) : Optional.empty();
    }

    private static DType sumType(DType t) {
        return switch (t) {
            case DType.Bool b -> new DType.Primitive(PType.U64, true);
            case DType.Primitive p -> switch (p.ptype()) {
                case U8, U16, U32, U64 -> new DType.Primitive(PType.U64, true);
                case I8, I16, I32, I64 -> new DType.Primitive(PType.I64, true);
                case F16, F32, F64 -> new DType.Primitive(PType.F64, true);
            };
            case DType.Decimal d -> new DType.Decimal(Math.min(DType.Decimal.MAX_PRECISION, d.precision() + 10),
                    d.scale(), true);
            default -> null;
        };
    }
}
