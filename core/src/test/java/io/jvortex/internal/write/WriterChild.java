package io.jvortex.internal.write;

import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A separate JVM for the writer's process-level tests: writes TPC-H-lineitem-shaped rows to a file
 * ({@code lineitem FILE ROWS}, then prints {@code rows=N}), or keeps writing until it is killed
 * ({@code forever FILE}, printing {@code writing} once the first batches are in).
 */
public final class WriterChild {
    /** Rows per batch handed to the writer. */
    static final int BATCH = 65_536;

    private static final String[] FLAGS = {"A", "N", "R"};
    private static final String[] STATUS = {"F", "O"};
    private static final String[] INSTRUCT = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
    private static final String[] MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
    private static final String[] WORDS = {"furiously", "carefully", "quickly", "final", "pending", "ironic",
            "deposits", "requests", "packages", "accounts", "slyly", "blithely", "even", "regular", "express"};

    private WriterChild() {
    }

    /** The lineitem schema: 16 columns of TPC-H types. */
    static final DType.Struct LINEITEM = new DType.Struct(
            List.of("l_orderkey", "l_partkey", "l_suppkey", "l_linenumber", "l_quantity", "l_extendedprice",
                    "l_discount", "l_tax", "l_returnflag", "l_linestatus", "l_shipdate", "l_commitdate",
                    "l_receiptdate", "l_shipinstruct", "l_shipmode", "l_comment"),
            List.of(i64(), i64(), i64(), new DType.Primitive(PType.I32, false), dec(), dec(), dec(), dec(),
                    new DType.Utf8(false), new DType.Utf8(false), date(), date(), date(), new DType.Utf8(false),
                    new DType.Utf8(false), new DType.Utf8(false)),
            false);

    private static DType i64() {
        return new DType.Primitive(PType.I64, false);
    }

    private static DType dec() {
        return new DType.Decimal(15, 2, false);
    }

    private static DType date() {
        return Extensions.date(TimeUnit.DAYS, false);
    }

    /**
     * @param args {@code lineitem FILE ROWS SEED} or {@code forever FILE SEED}; the parent draws the
     *     seed from {@code Seeds} and prints it (this process's first line of output is the protocol)
     */
    public static void main(String[] args) {
        boolean forever = args[0].equals("forever");
        long rows = forever ? Long.MAX_VALUE : Long.parseLong(args[2]);
        SplittableRandom random = new SplittableRandom(Long.parseLong(args[args.length - 1]));
        long written = 0;
        try (VortexWriter writer = VortexWriter.create(Path.of(args[1]), LINEITEM,
                WriteOptions.defaults().withThreads(2))) {
            while (written < rows) {
                int n = (int) Math.min(BATCH, rows - written);
                writer.write(batch(random, written, n));
                written += n;
                if (forever && written == 4L * BATCH) {
                    System.out.println("writing");
                    System.out.flush();
                }
            }
        }
        System.out.println("rows=" + written);
    }

    /** One batch of rows, built straight into arrays (the generator must not dominate the test). */
    static StructArray batch(SplittableRandom random, long first, int n) {
        Arena arena = Arena.ofAuto();
        MemorySegment orderkey = arena.allocate(8L * n, 8);
        MemorySegment partkey = arena.allocate(8L * n, 8);
        MemorySegment suppkey = arena.allocate(8L * n, 8);
        MemorySegment linenumber = arena.allocate(4L * n, 8);
        MemorySegment[] decimals = new MemorySegment[4];
        MemorySegment[] dates = new MemorySegment[3];
        for (int k = 0; k < 4; k++) {
            decimals[k] = arena.allocate(8L * n, 8);
        }
        for (int k = 0; k < 3; k++) {
            dates[k] = arena.allocate(4L * n, 8);
        }
        String[][] strings = new String[5][n];
        for (int i = 0; i < n; i++) {
            long row = first + i;
            orderkey.setAtIndex(ValueLayout.JAVA_LONG, i, row / 4 * 32 + (row % 4));
            partkey.setAtIndex(ValueLayout.JAVA_LONG, i, 1 + random.nextLong(20_000_000));
            suppkey.setAtIndex(ValueLayout.JAVA_LONG, i, 1 + random.nextLong(1_000_000));
            linenumber.setAtIndex(ValueLayout.JAVA_INT, i, (int) (row % 7) + 1);
            long quantity = 1 + random.nextInt(50);
            decimals[0].setAtIndex(ValueLayout.JAVA_LONG, i, quantity * 100);
            decimals[1].setAtIndex(ValueLayout.JAVA_LONG, i, quantity * (90_000 + random.nextInt(1_000_000)));
            decimals[2].setAtIndex(ValueLayout.JAVA_LONG, i, random.nextInt(11));
            decimals[3].setAtIndex(ValueLayout.JAVA_LONG, i, random.nextInt(9));
            int ship = 8036 + random.nextInt(2526);
            dates[0].setAtIndex(ValueLayout.JAVA_INT, i, ship);
            dates[1].setAtIndex(ValueLayout.JAVA_INT, i, ship + random.nextInt(-60, 60));
            dates[2].setAtIndex(ValueLayout.JAVA_INT, i, ship + random.nextInt(1, 31));
            strings[0][i] = FLAGS[random.nextInt(3)];
            strings[1][i] = STATUS[random.nextInt(2)];
            strings[2][i] = INSTRUCT[random.nextInt(4)];
            strings[3][i] = MODES[random.nextInt(7)];
            StringBuilder comment = new StringBuilder();
            int words = random.nextInt(2, 6);
            for (int w = 0; w < words; w++) {
                comment.append(w == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
            }
            strings[4][i] = comment.toString();
        }
        DType.Extension dateType = (DType.Extension) date();
        List<Canonical> fields = List.of(
                new PrimitiveArray((DType.Primitive) i64(), orderkey, n, Validity.ALL_VALID),
                new PrimitiveArray((DType.Primitive) i64(), partkey, n, Validity.ALL_VALID),
                new PrimitiveArray((DType.Primitive) i64(), suppkey, n, Validity.ALL_VALID),
                new PrimitiveArray(new DType.Primitive(PType.I32, false), linenumber, n, Validity.ALL_VALID),
                new DecimalArray((DType.Decimal) dec(), 8, decimals[0], n, Validity.ALL_VALID),
                new DecimalArray((DType.Decimal) dec(), 8, decimals[1], n, Validity.ALL_VALID),
                new DecimalArray((DType.Decimal) dec(), 8, decimals[2], n, Validity.ALL_VALID),
                new DecimalArray((DType.Decimal) dec(), 8, decimals[3], n, Validity.ALL_VALID),
                utf8(arena, strings[0]), utf8(arena, strings[1]),
                new ExtensionArray(dateType, new PrimitiveArray(new DType.Primitive(PType.I32, false), dates[0], n,
                        Validity.ALL_VALID)),
                new ExtensionArray(dateType, new PrimitiveArray(new DType.Primitive(PType.I32, false), dates[1], n,
                        Validity.ALL_VALID)),
                new ExtensionArray(dateType, new PrimitiveArray(new DType.Primitive(PType.I32, false), dates[2], n,
                        Validity.ALL_VALID)),
                utf8(arena, strings[2]), utf8(arena, strings[3]), utf8(arena, strings[4]));
        return new StructArray(LINEITEM, fields, n, Validity.ALL_VALID);
    }

    private static VarBinArray utf8(Arena arena, String[] values) {
        int n = values.length;
        byte[][] bytes = new byte[n][];
        long total = 0;
        for (int i = 0; i < n; i++) {
            bytes[i] = values[i].getBytes(StandardCharsets.UTF_8);
            total += bytes[i].length;
        }
        MemorySegment data = arena.allocate(total, 8);
        MemorySegment offsets = arena.allocate(4L * (n + 1), 8);
        long at = 0;
        for (int i = 0; i < n; i++) {
            offsets.setAtIndex(ValueLayout.JAVA_INT, i, (int) at);
            MemorySegment.copy(MemorySegment.ofArray(bytes[i]), 0, data, at, bytes[i].length);
            at += bytes[i].length;
        }
        offsets.setAtIndex(ValueLayout.JAVA_INT, n, (int) at);
        return new VarBinArray(new DType.Utf8(false), new PrimitiveArray(new DType.Primitive(PType.I32, false),
                offsets, n + 1, Validity.ALL_VALID), data, n, Validity.ALL_VALID);
    }
}
