package io.jvortex.internal.compress;

import io.jvortex.internal.registry.BuiltinSchemes;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.WriteNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The generic schemes on the other leaf families: float dictionary, sparse and RLE; string and
 * binary dictionaries; constant (and masked constant) for bool, float, decimal, string and binary.
 * The compressor's output decodes to exactly the input and uses the expected encoding.
 */
class OtherFamiliesSchemesTest {
    private static final Compressor NEWEST = new Compressor(BuiltinSchemes.defaults(), Edition.DEFAULT::allowsArray);
    private static final Compressor OLDEST = new Compressor(BuiltinSchemes.defaults(),
            Edition.CORE2025_05_0::allowsArray);

    private static void check(Canonical array, String expectedRoot, String what) {
        check(array, List.of(expectedRoot), what);
    }

    private static void check(Canonical array, List<String> expectedRoots, String what) {
        WriteNode node = NEWEST.compress(array);
        Roundtrip.assertDecodesTo(node, array, what);
        assertThat(node.encodingId()).as(what).isIn(expectedRoots);
        WriteNode old = OLDEST.compress(array);
        Roundtrip.assertDecodesTo(old, array, what + " (core2025.05.0)");
        for (String id : Roundtrip.ids(old)) {
            assertThat(Edition.CORE2025_05_0.allowsArray(id)).as(what + ": " + id).isTrue();
        }
    }

    private static PrimitiveArray floats(PType t, int len, long[] pool, double nullShare, boolean runs,
                                         SplittableRandom rnd) {
        long[] v = new long[len];
        for (int i = 0; i < len; i++) {
            v[i] = runs && i > 0 && rnd.nextInt(16) != 0 ? v[i - 1] : pool[rnd.nextInt(pool.length)];
        }
        Validity validity = nullShare == 0 ? Validity.ALL_VALID : Roundtrip.bitmap(len, nullShare, rnd);
        return Primitives.fromLongs(new DType.Primitive(t, nullShare > 0), v, len, validity);
    }

    private static long[] floatPool(PType t, int n, SplittableRandom rnd) {
        long[] pool = new long[n];
        for (int k = 0; k < n; k++) {
            pool[k] = t == PType.F64 ? Double.doubleToRawLongBits(rnd.nextDouble() * 1e6)
                    : Float.floatToRawIntBits((float) (rnd.nextDouble() * 1e6)) & 0xFFFF_FFFFL;
        }
        pool[0] = t == PType.F64 ? Double.doubleToRawLongBits(Double.NaN) : Float.floatToRawIntBits(Float.NaN);
        if (n > 1) {
            pool[1] = t == PType.F64 ? Double.doubleToRawLongBits(-0.0) : Float.floatToRawIntBits(-0.0f) & 0xFFFF_FFFFL;
        }
        return pool;
    }

    @Test
    void floats() {
        SplittableRandom rnd = TestSupport.random("OtherFamiliesSchemesTest.floats");
        for (PType t : List.of(PType.F32, PType.F64)) {
            for (int len : new int[] {1025, t == PType.F64 ? 65537 : 8193}) {
                check(floats(t, len, floatPool(t, 5, rnd), 0, false, rnd), "vortex.dict", t + " low cardinality");
                check(floats(t, len, floatPool(t, 5, rnd), 0.2, false, rnd), "vortex.dict", t + " dict nulls");
                // ALP with the few valid values as patches can be as small as sparse: either may win.
                check(floats(t, len, floatPool(t, 3000, rnd), 0.97, false, rnd), List.of("vortex.sparse", "vortex.alp"),
                        t + " mostly null");
                check(floats(t, len, floatPool(t, 1, rnd), 0, false, rnd), "vortex.constant", t + " constant NaN");
                check(floats(t, len, floatPool(t, 1, rnd), 0.3, false, rnd), "vortex.masked", t + " masked");
                PrimitiveArray runs = floats(t, len, floatPool(t, 5000, rnd), 0.1, true, rnd);
                WriteNode node = NEWEST.compress(runs);
                Roundtrip.assertDecodesTo(node, runs, t + " runs");
                assertThat(Roundtrip.ids(node)).as(t + " runs").containsAnyOf("fastlanes.rle", "vortex.dict");
            }
        }
    }

    @Test
    void boolsAndDecimals() {
        SplittableRandom rnd = TestSupport.random("OtherFamiliesSchemesTest.boolsAndDecimals");
        for (int len : new int[] {1, 1024, 1025, 65537}) {
            boolean[] values = new boolean[len];
            java.util.Arrays.fill(values, true);
            // one row: the two-byte scalar is larger than the one-byte bitmap, so it stays canonical
            check(TestArrays.bools(values, null), len == 1 ? "vortex.bool" : "vortex.constant", "bool constant " + len);
            BigInteger[] unscaled = new BigInteger[len];
            BigInteger[] withNulls = new BigInteger[len];
            BigInteger big = new BigInteger("123456789012345678901234567890");
            for (int i = 0; i < len; i++) {
                unscaled[i] = big;
                withNulls[i] = i == 0 || rnd.nextInt(3) != 0 ? BigInteger.valueOf(-42) : null;
            }
            check(TestArrays.decimal(38, 2, 16, unscaled), len == 1 ? "vortex.decimal" : "vortex.constant", "decimal constant " + len);
            if (len > 1) {
                boolean[] valid = new boolean[len];
                for (int i = 0; i < len; i++) {
                    valid[i] = i == 0 || rnd.nextBoolean();
                }
                valid[len - 1] = false;
                BoolArray masked = TestArrays.bools(new boolean[len], valid);
                check(masked, "vortex.masked", "bool masked " + len);
                withNulls[len - 1] = null;
                DecimalArray decimals = TestArrays.decimal(9, 0, 4, withNulls);
                check(decimals, "vortex.masked", "decimal masked " + len);
            }
        }
    }

    @Test
    void stringsAndBinary() {
        SplittableRandom rnd = TestSupport.random("OtherFamiliesSchemesTest.stringsAndBinary");
        String[] pool = {"alpha", "a somewhat longer string value", "", "ünïcödé", "x"};
        for (int len : new int[] {1025, 4097}) {
            for (boolean utf8 : new boolean[] {true, false}) {
                String[] values = new String[len];
                String[] constant = new String[len];
                for (int i = 0; i < len; i++) {
                    values[i] = rnd.nextInt(10) == 0 ? null : pool[rnd.nextInt(pool.length)];
                    constant[i] = i % 3 == 1 ? null : pool[1];
                }
                values[0] = pool[0];
                values[1] = pool[0];
                List<Canonical> arrays = new ArrayList<>(List.of(TestArrays.varBin(utf8, values),
                        TestArrays.varBinView(utf8, values)));
                for (Canonical a : arrays) {
                    check(a, "vortex.dict", (utf8 ? "utf8 " : "binary ") + len + " " + a.getClass().getSimpleName());
                }
                check(TestArrays.varBinView(utf8, constant), "vortex.masked", "masked strings " + len);
                String[] allSame = new String[len];
                java.util.Arrays.fill(allSame, pool[3]);
                check(TestArrays.varBin(utf8, allSame), "vortex.constant", "constant strings " + len);
            }
        }
    }

    @Test
    void listOffsetsNeverGetAnIntegerDictionary() {
        SplittableRandom rnd = TestSupport.random("OtherFamiliesSchemesTest.listOffsetsNeverGetAnIntegerDictionary");
        int rows = 4096;
        long[] offsets = new long[rows + 1];
        for (int i = 0; i < rows; i++) {
            offsets[i + 1] = offsets[i] + (rnd.nextInt(100) == 0 ? 1 + rnd.nextInt(3) : 0);
        }
        long[] elements = new long[(int) offsets[rows]];
        for (int k = 0; k < elements.length; k++) {
            elements[k] = rnd.nextInt(1000);
        }
        PrimitiveArray values = Primitives.fromLongs(new DType.Primitive(PType.I32, false), elements, elements.length,
                Validity.ALL_VALID);
        io.jvortex.array.ListArray list = TestArrays.list(values, offsets, null);
        WriteNode node = NEWEST.compress(list);
        Roundtrip.assertDecodesTo(node, list, "list");
        assertThat(node.encodingId()).isEqualTo("vortex.list");
        assertThat(Roundtrip.ids(node.children().get(1))).doesNotContain("vortex.dict");
        // the same offsets as a plain column do get a dictionary: the exclusion is what keeps it out
        PrimitiveArray plain = Primitives.fromLongs(new DType.Primitive(PType.U32, false), offsets, offsets.length,
                Validity.ALL_VALID);
        assertThat(Roundtrip.ids(NEWEST.compress(plain))).contains("vortex.dict");
    }
}
