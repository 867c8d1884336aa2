package io.jvortex.internal.jsonl;

import static io.jvortex.array.TestArrays.bools;
import static io.jvortex.array.TestArrays.f64;
import static io.jvortex.array.TestArrays.i32;
import static io.jvortex.array.TestArrays.i64;
import static io.jvortex.array.TestArrays.primitive;
import static io.jvortex.array.TestArrays.struct;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonlWriterTest {

    static String jsonl(Canonical array) {
        StringWriter sw = new StringWriter();
        JsonlWriter w = new JsonlWriter(sw);
        w.write(array);
        w.flush();
        return sw.toString();
    }

    static String csv(Canonical array) {
        StringWriter sw = new StringWriter();
        CsvWriter w = new CsvWriter(sw);
        w.writeHeader(array.dtype());
        w.write(array);
        w.flush();
        return sw.toString();
    }

    static PrimitiveArray uuidBytes(int rows) {
        long[] v = new long[16 * rows];
        for (int i = 0; i < v.length; i++) {
            v[i] = i;
        }
        return primitive(PType.U8, false, v, null);
    }

    /** A table of every kind of column, with nulls. */
    static Canonical everything() {
        var ints = primitive(PType.I32, true, new long[] {1, -2, 0}, new boolean[] {true, true, false});
        var u64 = primitive(PType.U64, false, new long[] {-1L, 0, 42}, null);
        var floats = f64(new double[] {1.0, Double.NaN, 1e16}, null);
        var f32 = TestArrays.f32(new float[] {0.1f, -0.0f, Float.POSITIVE_INFINITY}, null);
        var f16 = primitive(PType.F16, false, new long[] {Float.floatToFloat16(1.5f), Float.floatToFloat16(0.1f),
                Float.floatToFloat16(-65504f)}, null);
        var flag = bools(new boolean[] {true, false, true}, new boolean[] {true, true, false});
        var strings = TestArrays.varBinView(true, "a\"b\\c\n", null, "ünï, x");
        var binary = TestArrays.varBin(false, "\u0001\u00ff".length() == 2 ? "AZ" : "", "", null);
        var decimal = TestArrays.decimal(10, 2, 8,
                new BigInteger[] {BigInteger.valueOf(-456), BigInteger.valueOf(5), null});
        var wide = TestArrays.decimal(38, 0, 16,
                new BigInteger[] {BigInteger.TEN.pow(30), BigInteger.ZERO, BigInteger.ONE.negate()});
        var date = new ExtensionArray(Extensions.date(TimeUnit.DAYS, true),
                primitive(PType.I32, true, new long[] {0, -1, 0}, new boolean[] {true, true, false}));
        var time = new ExtensionArray(Extensions.time(TimeUnit.MICROSECONDS, false),
                primitive(PType.I64, false, new long[] {1, 3_600_000_000L, 86_399_999_999L}, null));
        var tsZ = new ExtensionArray(Extensions.timestamp(TimeUnit.MILLISECONDS, "UTC", false),
                i64(0, -1, 1_700_000_000_123L));
        var ts = new ExtensionArray(Extensions.timestamp(TimeUnit.SECONDS, null, false), i64(0, 1, 2));
        var uuid = new ExtensionArray(new DType.Extension(Extensions.UUID,
                new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 16, true), new byte[0]),
                new FixedSizeListArray(new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 16, true),
                        uuidBytes(3), 3, TestArrays.validity(new boolean[] {true, false, true})));
        var unknownExt = new ExtensionArray(new DType.Extension("my.ext", new DType.Primitive(PType.I64, false),
                new byte[] {1}), i64(7, 8, 9));
        var list = TestArrays.list(i32(1, 2, 3), new long[] {0, 2, 2, 3}, new boolean[] {true, false, true});
        var inner = struct(List.of("x", "y"), List.of(i64(1, 2, 3), TestArrays.varBin(true, "p", "q", "r")),
                TestArrays.validity(new boolean[] {true, true, false}));
        var nulls = new NullArray(3);
        var opaque = new OpaqueArray("vortex.mystery", new DType.Primitive(PType.I32, false), 3);
        return struct(List.of("i", "u", "f", "f32", "f16", "b", "s", "bin", "d", "wide", "date", "time", "tsz", "ts",
                        "uuid", "ext", "l", "st", "n", "o"),
                List.of(ints, u64, floats, f32, f16, flag, strings, binary, decimal, wide, date, time, tsZ, ts, uuid,
                        unknownExt, list, inner, nulls, opaque), Validity.ALL_VALID);
    }

    @Test
    void everyKindOfColumn() {
        assertThat(jsonl(everything())).isEqualTo(
                "{\"i\":1,\"u\":18446744073709551615,\"f\":1.0,\"f32\":0.1,\"f16\":1.5,\"b\":true,"
                        + "\"s\":\"a\\\"b\\\\c\\n\",\"bin\":\"415a\",\"d\":\"-4.56\",\"wide\":\"1000000000000000000000000000000\","
                        + "\"date\":\"1970-01-01\",\"time\":\"00:00:00.000001\",\"tsz\":\"1970-01-01T00:00:00.000Z\","
                        + "\"ts\":\"1970-01-01T00:00:00\",\"uuid\":\"00010203-0405-0607-0809-0a0b0c0d0e0f\",\"ext\":7,"
                        + "\"l\":[1,2],\"st\":{\"x\":1,\"y\":\"p\"},\"n\":null,\"o\":null}\n"
                        + "{\"i\":-2,\"u\":0,\"f\":\"NaN\",\"f32\":-0.0,\"f16\":0.1,\"b\":false,\"s\":null,\"bin\":\"\","
                        + "\"d\":\"0.05\",\"wide\":\"0\",\"date\":\"1969-12-31\",\"time\":\"01:00:00.000000\","
                        + "\"tsz\":\"1969-12-31T23:59:59.999Z\",\"ts\":\"1970-01-01T00:00:01\",\"uuid\":null,\"ext\":8,"
                        + "\"l\":null,\"st\":{\"x\":2,\"y\":\"q\"},\"n\":null,\"o\":null}\n"
                        + "{\"i\":null,\"u\":42,\"f\":1e+16,\"f32\":\"Infinity\",\"f16\":-65500.0,\"b\":null,"
                        + "\"s\":\"ünï, x\",\"bin\":null,\"d\":null,\"wide\":\"-1\",\"date\":null,"
                        + "\"time\":\"23:59:59.999999\",\"tsz\":\"2023-11-14T22:13:20.123Z\",\"ts\":\"1970-01-01T00:00:02\","
                        + "\"uuid\":\"20212223-2425-2627-2829-2a2b2c2d2e2f\",\"ext\":9,\"l\":[3],\"st\":null,\"n\":null,"
                        + "\"o\":null}\n");
    }

    @Test
    void csvOfEveryKindOfColumn() {
        assertThat(csv(everything())).isEqualTo(
                "i,u,f,f32,f16,b,s,bin,d,wide,date,time,tsz,ts,uuid,ext,l,st,n,o\n"
                        + "1,18446744073709551615,1.0,0.1,1.5,true,\"a\"\"b\\c\n\",415a,-4.56,1000000000000000000000000000000,"
                        + "1970-01-01,00:00:00.000001,1970-01-01T00:00:00.000Z,1970-01-01T00:00:00,"
                        + "00010203-0405-0607-0809-0a0b0c0d0e0f,7,\"[1,2]\",\"{\"\"x\"\":1,\"\"y\"\":\"\"p\"\"}\",,\n"
                        + "-2,0,NaN,-0.0,0.1,false,,\"\",0.05,0,1969-12-31,01:00:00.000000,1969-12-31T23:59:59.999Z,"
                        + "1970-01-01T00:00:01,,8,,\"{\"\"x\"\":2,\"\"y\"\":\"\"q\"\"}\",,\n"
                        + ",42,1e+16,Infinity,-65500.0,,\"ünï, x\",,,-1,,23:59:59.999999,2023-11-14T22:13:20.123Z,"
                        + "1970-01-01T00:00:02,20212223-2425-2627-2829-2a2b2c2d2e2f,9,[3],,,\n");
    }

    @Test
    void csvDistinguishesEmptyStringFromNullAndQuotesHeaders() {
        var table = struct(List.of("a,b", "s"), i64(1, 2), TestArrays.varBin(true, "", null));
        assertThat(csv(table)).isEqualTo("\"a,b\",s\n1,\"\"\n2,\n");
        assertThat(csv(i64(3))).isEqualTo("value\n3\n");
    }

    @Test
    void nonStructRootIsOneValuePerLine() {
        assertThat(jsonl(primitive(PType.I16, true, new long[] {-3, 4}, new boolean[] {false, true})))
                .isEqualTo("null\n4\n");
        assertThat(jsonl(TestArrays.varBin(true, "x", null))).isEqualTo("\"x\"\nnull\n");
        assertThat(jsonl(i64())).isEmpty();
    }

    @Test
    void nullStructRowsAndSlices() {
        var table = struct(List.of("a"), List.of(i64(1, 2, 3)), TestArrays.validity(new boolean[] {true, false, true}));
        assertThat(jsonl(table)).isEqualTo("{\"a\":1}\nnull\n{\"a\":3}\n");
        assertThat(jsonl(table.slice(1, 2))).isEqualTo("null\n{\"a\":3}\n");
        var list = TestArrays.list(i32(1, 2, 3, 4), new long[] {0, 1, 3, 4}, null);
        assertThat(jsonl(list.slice(1, 2))).isEqualTo("[2,3]\n[4]\n");
        assertThat(JsonlWriter.toJson(list, 1)).isEqualTo("[2,3]");
    }

    @Test
    void listViewsFixedSizeListsAndNestedNulls() {
        var elements = primitive(PType.I8, true, new long[] {1, 2, 3, 4}, new boolean[] {true, false, true, true});
        var views = new ListViewArray(new DType.List(elements.dtype(), false), elements,
                primitive(PType.U8, false, new long[] {2, 0}, null), primitive(PType.U8, false, new long[] {2, 3}, null),
                2, Validity.ALL_VALID);
        assertThat(jsonl(views)).isEqualTo("[3,4]\n[1,null,3]\n");
        var fixed = new FixedSizeListArray(new DType.FixedSizeList(elements.dtype(), 2, false), elements, 2,
                Validity.ALL_VALID);
        assertThat(jsonl(fixed)).isEqualTo("[1,null]\n[3,4]\n");
        assertThat(jsonl(fixed.slice(1, 1))).isEqualTo("[3,4]\n");
        var nestedLists = TestArrays.list(TestArrays.list(i32(5, 6, 7), new long[] {0, 1, 3}, null),
                new long[] {0, 2, 2}, null);
        assertThat(jsonl(nestedLists)).isEqualTo("[[5],[6,7]]\n[]\n");
    }

    @Test
    void extensionsOverUndecodableStorageRenderAsNull() {
        var opaqueStorage = new ExtensionArray(Extensions.timestamp(TimeUnit.MICROSECONDS, "UTC", true),
                new OpaqueArray("vortex.sequence", new DType.Primitive(PType.I64, true), 2));
        var uuidOverOpaque = new ExtensionArray(new DType.Extension(Extensions.UUID,
                new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 16, false), new byte[0]),
                new FixedSizeListArray(new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 16, false),
                        new OpaqueArray("x", new DType.Primitive(PType.U8, false), 32), 2, Validity.ALL_VALID));
        // the uuid's storage is a fixed-size list whose elements could not be decoded: 16 nulls
        String line = "{\"t\":null,\"u\":[" + String.join(",", java.util.Collections.nCopies(16, "null")) + "]}\n";
        assertThat(jsonl(struct(List.of("t", "u"), opaqueStorage, uuidOverOpaque))).isEqualTo(line + line);
    }

    @Test
    void bufferedOutputSpansManyFlushes() {
        int n = 50_000;
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = i;
        }
        String out = jsonl(struct(List.of("k"), primitive(PType.I64, false, v, null)));
        String[] lines = out.split("\n");
        assertThat(lines).hasSize(n);
        assertThat(lines[n - 1]).isEqualTo("{\"k\":" + (n - 1) + "}");
    }
}
