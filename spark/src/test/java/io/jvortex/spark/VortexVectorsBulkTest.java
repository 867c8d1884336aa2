package io.jvortex.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.DecimalArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.testing.Seeds;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.junit.jupiter.api.Test;

/** The grouped aggregation's bulk reads of integer and decimal vectors give what the getters give. */
class VortexVectorsBulkTest {
    private static MemorySegment randomBytes(SplittableRandom r, int bytes) {
        byte[] b = new byte[bytes];
        r.nextBytes(b);
        // values at the extremes of every width: all ones and the sign bit alone
        for (int i = 0; i + 8 <= bytes; i += 64) {
            b[i] = (byte) 0xFF;
            b[i + 1] = (byte) 0x80;
        }
        return MemorySegment.ofArray(b);
    }

    private static long getter(ColumnVector v, DataType type, int row) {
        if (type instanceof DecimalType d) {
            return v.getDecimal(row, d.precision(), d.scale()).toUnscaledLong();
        }
        if (type == DataTypes.ByteType) {
            return v.getByte(row);
        }
        if (type == DataTypes.ShortType) {
            return v.getShort(row);
        }
        if (type == DataTypes.IntegerType) {
            return v.getInt(row);
        }
        return v.getLong(row);
    }

    @Test
    void bulkLongsEqualTheGettersOfEveryIntegerWidthAndDecimal() {
        SplittableRandom r = Seeds.random("VortexVectorsBulkTest.bulkLongsEqualTheGetters");
        int n = 1000 + r.nextInt(100);
        Object[][] cases = {
            {PType.I8, DataTypes.ByteType}, {PType.I16, DataTypes.ShortType}, {PType.I32, DataTypes.IntegerType},
            {PType.I64, DataTypes.LongType}, {PType.U8, DataTypes.ShortType}, {PType.U16, DataTypes.IntegerType},
            {PType.U32, DataTypes.LongType},
        };
        for (Object[] c : cases) {
            PType ptype = (PType) c[0];
            DataType type = (DataType) c[1];
            PrimitiveArray array = new PrimitiveArray(new DType.Primitive(ptype, false),
                    randomBytes(r, n * ptype.byteWidth()), n, Validity.ALL_VALID);
            ColumnVector v = VortexVectors.of(array, type);
            long[] out = new long[n];
            assertThat(VortexVectors.readLongs(v, 0, out, n)).as(ptype.toString()).isTrue();
            for (int i = 0; i < n; i++) {
                assertThat(out[i]).as("%s row %d", ptype, i).isEqualTo(getter(v, type, i));
            }
        }
        for (int width : new int[] {1, 2, 4, 8}) {
            int precision = new int[] {0, 2, 4, 0, 9, 0, 0, 0, 18}[width];
            DecimalType type = DataTypes.createDecimalType(precision, 2);
            DecimalArray array = new DecimalArray(new DType.Decimal(precision, 2, false), width,
                    randomBytes(r, n * width), n, Validity.ALL_VALID);
            ColumnVector v = VortexVectors.of(array, type);
            long[] out = new long[n];
            assertThat(VortexVectors.readLongs(v, 2, out, n)).isTrue();
            for (int i = 0; i < n; i++) {
                // the unscaled value as stored: the getter may not fit it into the precision, so read raw
                long raw = switch (width) {
                    case 1 -> array.values().get(ValueLayout.JAVA_BYTE, i);
                    case 2 -> array.values().get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i);
                    case 4 -> array.values().get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i);
                    default -> array.values().get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i);
                };
                assertThat(out[i]).as("decimal width %d row %d", width, i).isEqualTo(raw)
                        .isEqualTo(array.getUnscaledLong(i));
            }
            // read at another scale: not in bulk
            assertThat(VortexVectors.readLongs(v, 3, out, n)).isFalse();
        }
        PrimitiveArray u64 = new PrimitiveArray(new DType.Primitive(PType.U64, false), randomBytes(r, 8 * n), n,
                Validity.ALL_VALID);
        assertThat(VortexVectors.readLongs(VortexVectors.of(u64, DataTypes.createDecimalType(20, 0)), 0,
                new long[n], n)).isFalse();
        PrimitiveArray f64 = new PrimitiveArray(new DType.Primitive(PType.F64, false), randomBytes(r, 8 * n), n,
                Validity.ALL_VALID);
        assertThat(VortexVectors.readLongs(VortexVectors.of(f64, DataTypes.DoubleType), 0, new long[n], n)).isFalse();
    }
}
