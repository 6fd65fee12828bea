#!/usr/bin/env python3
"""Anchor for the csv workload: the same row checks written in DuckDB SQL.

    python3 duckdb_csv.py TABLE.csv > OUT.csv

Reads id,price,date,code,paid,at as text on one thread and writes the accepted
rows, normalized (price as a plain ASCII decimal, date as ISO yyyy-MM-dd, paid
as true or false), with the header, in input order; rejected rows are dropped.
The rules are those of benchmarks/data/schema.yaml as fieldcheck reads them:
id a unique integer (the first occurrence wins), price a de_DE decimal with
'.' grouping exactly every 3 digits and one decimal ',', date dd.MM.yyyy that
exists in the calendar (d and M may have one digit, yyyy has four), code
[A-Z]{2}[0-9]{2}, paid one of Table Schema's boolean words, at an ISO 8601
datetime yyyy-MM-ddTHH:mm:ss from 1950 to 2049.
Needs `pip install duckdb`.
"""

import sys

import duckdb

QUERY = r"""
WITH source AS (
    SELECT row_number() OVER () AS line, id, price, "date", code, paid, "at"
    FROM read_csv({path}, header = true, auto_detect = false, delim = ',', quote = '"',
                  escape = '"', columns = {{'id': 'VARCHAR', 'price': 'VARCHAR',
                  'date': 'VARCHAR', 'code': 'VARCHAR', 'paid': 'VARCHAR', 'at': 'VARCHAR'}})
),
checked AS (
    SELECT line, id, price, code, paid,
        coalesce(regexp_full_match(id, '[0-9]+'), false) AS id_ok,
        coalesce(regexp_full_match(price, '-?([0-9]+|[0-9]{{1,3}}(\.[0-9]{{3}})+)(,[0-9]+)?'), false) AS price_ok,
        CASE WHEN regexp_full_match("date", '[0-9]{{1,2}}\.[0-9]{{1,2}}\.[0-9]{{4}}')
             THEN try_strptime("date", '%d.%m.%Y') END AS parsed_date,
        coalesce(regexp_full_match(code, '[A-Z]{{2}}[0-9]{{2}}'), false) AS code_ok,
        coalesce(paid IN ('true', 'True', 'TRUE', '1', 'false', 'False', 'FALSE', '0'), false) AS paid_ok,
        CASE WHEN regexp_full_match("at", '[0-9]{{4}}-[0-9]{{2}}-[0-9]{{2}}T[0-9]{{2}}:[0-9]{{2}}:[0-9]{{2}}')
             THEN try_strptime("at", '%Y-%m-%dT%H:%M:%S') END AS parsed_at,
        row_number() OVER (PARTITION BY id ORDER BY line) AS occurrence
    FROM source
)
SELECT id,
       replace(replace(price, '.', ''), ',', '.') AS price,
       strftime(parsed_date, '%Y-%m-%d') AS "date",
       code,
       CASE WHEN paid IN ('true', 'True', 'TRUE', '1') THEN 'true' ELSE 'false' END AS paid,
       strftime(parsed_at, '%Y-%m-%dT%H:%M:%S') AS "at"
FROM checked
WHERE id_ok AND occurrence = 1 AND price_ok AND parsed_date IS NOT NULL AND code_ok AND paid_ok
  AND parsed_at BETWEEN TIMESTAMP '1950-01-01 00:00:00' AND TIMESTAMP '2049-12-31 23:59:59'
ORDER BY line
"""


def main(path: str) -> int:
    connection = duckdb.connect()
    connection.execute("SET threads = 1")
    literal = "'" + path.replace("'", "''") + "'"
    sys.stdout.flush()
    connection.execute(f"COPY ({QUERY.format(path=literal)}) TO '/dev/stdout' (HEADER, DELIMITER ',')")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: duckdb_csv.py TABLE.csv")
    sys.exit(main(sys.argv[1]))
