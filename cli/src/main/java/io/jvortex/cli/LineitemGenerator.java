package io.jvortex.cli;

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
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A deterministic TPC-H-like {@code lineitem} table (same columns, types and value distributions as
 * dbgen's, not its exact values): the built-in data of {@code jvx demo}. Rows come in batches of
 * canonical arrays; the same row count gives the same rows on every machine.
 */
final class LineitemGenerator {
    private static final String[] FLAGS = {"R", "A", "N"};
    private static final String[] STATUS = {"O", "F"};
    private static final String[] INSTRUCT = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
    private static final String[] MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
    private static final String[] WORDS = ("furiously sly final ironic pending regular express careful quickly "
            + "blithely bold even special unusual silent daring deposits requests accounts packages theodolites "
            + "instructions foxes pinto beans dependencies platelets asymptotes courts dolphins multipliers "
            + "sauternes warthogs frets dinos attainments somas ideas excuses sheaves across above after against "
            + "along among around at beneath beside between beyond by despite during except for from inside "
            + "into near of outside over past since through throughout to toward under until up upon within "
            + "wake sleep haggle nag use boost affix detect integrate cajole doze engage").split(" ");
    private static final int START_DAY = (int) LocalDate.of(1992, 1, 2).toEpochDay();
    private static final int SHIP_DAYS = 2526;

    /** The table schema. */
    static final DType.Struct SCHEMA = new DType.Struct(
            List.of("l_orderkey", "l_partkey", "l_suppkey", "l_linenumber", "l_quantity", "l_extendedprice",
                    "l_discount", "l_tax", "l_returnflag", "l_linestatus", "l_shipdate", "l_commitdate",
                    "l_receiptdate", "l_shipinstruct", "l_shipmode", "l_comment"),
            List.of(i64(), i64(), i64(), new DType.Primitive(PType.I32, false), money(), money(), money(), money(),
                    new DType.Utf8(false), new DType.Utf8(false), date(), date(), date(), new DType.Utf8(false),
                    new DType.Utf8(false), new DType.Utf8(false)),
            false);

    private final SplittableRandom random = new SplittableRandom(0x11E17E3L);
    private long orderKey;
    private int linesLeft;
    private int lineNumber;

    private static DType.Primitive i64() {
        return new DType.Primitive(PType.I64, false);
    }

    private static DType.Decimal money() {
        return new DType.Decimal(15, 2, false);
    }

    private static DType.Extension date() {
        return Extensions.date(TimeUnit.DAYS, false);
    }

    /**
     * @param rows rows in this batch
     * @param arena where the batch's buffers live
     * @return the next {@code rows} rows
     */
    StructArray next(int rows, Arena arena) {
        MemorySegment orderkey = arena.allocate(8L * rows, 8);
        MemorySegment partkey = arena.allocate(8L * rows, 8);
        MemorySegment suppkey = arena.allocate(8L * rows, 8);
        MemorySegment linenumber = arena.allocate(4L * rows, 8);
        MemorySegment quantity = arena.allocate(8L * rows, 8);
        MemorySegment price = arena.allocate(8L * rows, 8);
        MemorySegment discount = arena.allocate(8L * rows, 8);
        MemorySegment tax = arena.allocate(8L * rows, 8);
        MemorySegment ship = arena.allocate(4L * rows, 8);
        MemorySegment commit = arena.allocate(4L * rows, 8);
        MemorySegment receipt = arena.allocate(4L * rows, 8);
        Strings flag = new Strings(rows);
        Strings status = new Strings(rows);
        Strings instruct = new Strings(rows);
        Strings mode = new Strings(rows);
        Strings comment = new Strings(rows);
        int cutoff = (int) LocalDate.of(1995, 6, 17).toEpochDay();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            if (linesLeft == 0) {
                orderKey += 1 + (random.nextInt(8) == 0 ? random.nextInt(8) : 0) * 8;
                linesLeft = 1 + random.nextInt(7);
                lineNumber = 0;
            }
            linesLeft--;
            lineNumber++;
            long part = 1 + random.nextInt(200_000);
            long qty = 1 + random.nextInt(50);
            long retail = 90_000 + (part / 10) % 20_001 + 100 * (part % 1000);
            orderkey.setAtIndex(ValueLayout.JAVA_LONG, i, orderKey);
            partkey.setAtIndex(ValueLayout.JAVA_LONG, i, part);
            suppkey.setAtIndex(ValueLayout.JAVA_LONG, i, 1 + (part + random.nextInt(4) * 2_500L) % 10_000);
            linenumber.setAtIndex(ValueLayout.JAVA_INT, i, lineNumber);
            quantity.setAtIndex(ValueLayout.JAVA_LONG, i, qty * 100);
            price.setAtIndex(ValueLayout.JAVA_LONG, i, qty * retail);
            discount.setAtIndex(ValueLayout.JAVA_LONG, i, random.nextInt(11));
            tax.setAtIndex(ValueLayout.JAVA_LONG, i, random.nextInt(9));
            int shipDay = START_DAY + random.nextInt(SHIP_DAYS);
            int receiptDay = shipDay + 1 + random.nextInt(30);
            ship.setAtIndex(ValueLayout.JAVA_INT, i, shipDay);
            commit.setAtIndex(ValueLayout.JAVA_INT, i, shipDay - 30 + random.nextInt(61));
            receipt.setAtIndex(ValueLayout.JAVA_INT, i, receiptDay);
            flag.add(receiptDay <= cutoff ? FLAGS[random.nextInt(2)] : FLAGS[2]);
            status.add(shipDay > cutoff ? STATUS[0] : STATUS[1]);
            instruct.add(INSTRUCT[random.nextInt(INSTRUCT.length)]);
            mode.add(MODES[random.nextInt(MODES.length)]);
            text.setLength(0);
            int length = 10 + random.nextInt(34);
            while (text.length() < length) {
                if (!text.isEmpty()) {
                    text.append(' ');
                }
                text.append(WORDS[random.nextInt(WORDS.length)]);
            }
            comment.add(text.substring(0, length));
        }
        List<Canonical> fields = new ArrayList<>();
        fields.add(longs(orderkey, rows));
        fields.add(longs(partkey, rows));
        fields.add(longs(suppkey, rows));
        fields.add(new PrimitiveArray(new DType.Primitive(PType.I32, false), linenumber, rows, Validity.ALL_VALID));
        for (MemorySegment m : List.of(quantity, price, discount, tax)) {
            fields.add(new DecimalArray(money(), 8, m, rows, Validity.ALL_VALID));
        }
        fields.add(flag.build(arena));
        fields.add(status.build(arena));
        for (MemorySegment d : List.of(ship, commit, receipt)) {
            fields.add(new ExtensionArray(date(), new PrimitiveArray(new DType.Primitive(PType.I32, false), d, rows,
                    Validity.ALL_VALID)));
        }
        fields.add(instruct.build(arena));
        fields.add(mode.build(arena));
        fields.add(comment.build(arena));
        return new StructArray(SCHEMA, fields, rows, Validity.ALL_VALID);
    }

    private static PrimitiveArray longs(MemorySegment values, int rows) {
        return new PrimitiveArray(i64(), values, rows, Validity.ALL_VALID);
    }

    /** Accumulates UTF-8 strings into a varbin array. */
    private static final class Strings {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final int[] offsets;
        private int count;

        Strings(int rows) {
            offsets = new int[rows + 1];
        }

        void add(String s) {
            bytes.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            offsets[++count] = bytes.size();
        }

        VarBinArray build(Arena arena) {
            MemorySegment off = arena.allocate(4L * offsets.length, 8);
            MemorySegment.copy(offsets, 0, off, ValueLayout.JAVA_INT, 0, offsets.length);
            byte[] data = bytes.toByteArray();
            MemorySegment buf = arena.allocate(Math.max(1, data.length), 8);
            MemorySegment.copy(data, 0, buf, ValueLayout.JAVA_BYTE, 0, data.length);
            return new VarBinArray(new DType.Utf8(false), new PrimitiveArray(new DType.Primitive(PType.I32, false), off,
                    offsets.length, Validity.ALL_VALID), buf.asSlice(0, data.length), count, Validity.ALL_VALID);
        }
    }
}
