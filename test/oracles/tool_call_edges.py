"""Python's own answers for the edges of a tool call, one JSON request per line
(arguments are JSON text, read with json.loads as the reference's framework does):

["bind", "module.Class._execute", args_text]
    calls a function of that name as the reference calls a tool,
    `_execute(**(arguments or {}))`: {"none": true} when the arguments are
    falsy (the tool runs without arguments), {"ok": true} when they bind, or
    {"err": str(TypeError)}.
["value", args_text, key]
    repr, str and type name of arguments[key]: {"repr", "str", "type"}.
["int", args_text, key, count]
    arguments[key] read as an int the way pydantic's lax int reads a JSON
    number (an int as is, an integral float strictly inside i64, else the
    error type), and the length of a list of `count` items sliced [:n]:
    {"int": text, "len": n} or {"err": type}.
["dumps", json_text, path]
    json.dumps of the value at path (keys and indexes) in json.loads(json_text).
["num", a_text, b_text]
    Python's arithmetic on two JSON numbers: json.dumps of a+b, a-b, a*b, -a
    and max(a, b) (or {"err": str(OverflowError)}), a<b, a>b, a==b, str(a).
["baggages", db_text, args_text]
    tau2 airline update_reservation_baggages on a small DB ({reservations,
    users}): 50 * max(0, new - old) charged through the payment method (a gift
    card needs the balance and is debited), the counts stored as given ints:
    {"text": json.dumps(result), "db": json.dumps(db), "hash", "charged"}.
["book_payment", db_text, args_text]
    tau2 airline book_reservation's price and payment checks for a booking of
    no flights: the error result, or the user and payment history afterwards.
["certificate", args_text]
    tau2 airline send_certificate's stored float(amount), message and record.
["float", json_text, key]
    float() of an int, float or numeric string argument: {"dumps", "str"} or
    {"err": str(OverflowError)}.

Ints in arguments are read as pydantic reads them from JSON (an int, an
integral float, a string of digits with whitespace around).
"""
import hashlib
import json
import sys

from canonical_hash import canonical

I64 = 2**63


def named(qualified):
    module, _, qualname = qualified.rpartition(".")
    module, _, owner = module.rpartition(".")
    qualname = f"{owner}.{qualname}"

    def _execute(self, **kwargs):
        return kwargs

    _execute.__module__ = module
    _execute.__qualname__ = qualname
    _execute.__code__ = _execute.__code__.replace(co_qualname=qualname)
    return _execute


def bind(qualified, text):
    args = json.loads(text)
    if not args:
        return {"none": True}
    try:
        named(qualified)(object(), **args)
    except TypeError as e:
        return {"err": str(e), "text": json.dumps({"error": str(e)})}
    return {"ok": True}


def value(text, key):
    v = json.loads(text)[key]
    return {"repr": repr(v), "str": str(v), "type": type(v).__name__}


def as_int(text, key, count):
    got = int_of(json.loads(text)[key])
    if "int" in got:
        got["len"] = len(range(count)[: int(got["int"])])
    return got


def int_of(v):
    if isinstance(v, bool) or isinstance(v, int):
        return {"int": str(int(v))}
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            return {"err": "finite_number"}
        if v != int(v):
            return {"err": "int_from_float"}
        if not -I64 < v < I64:
            return {"err": "int_parsing_size"}
        return {"int": str(int(v))}
    return {"err": "int_type"}


def dumps(text, path):
    v = json.loads(text)
    for p in path:
        v = v[p]
    return {"text": json.dumps(v)}


def num(a_text, b_text):
    a, b = json.loads(a_text), json.loads(b_text)
    out = {}
    for name, f in (("add", lambda: a + b), ("sub", lambda: a - b), ("mul", lambda: a * b), ("neg", lambda: -a), ("max", lambda: max(a, b))):
        try:
            out[name] = json.dumps(f())
        except OverflowError as e:
            out[name] = {"err": str(e)}
    out.update(lt=a < b, gt=a > b, eq=a == b, str=str(a))
    return out


def pyd_int(v):
    """pydantic's lax int, for the forms the tests send."""
    if isinstance(v, str):
        return int(v.strip())
    return int(v)


def error(kind, message):
    return {"status": "error", "error_type": kind, "message": message}


def db_hash(db):
    return hashlib.sha256(canonical(db).encode()).hexdigest()


def payment_for_update(user, payment_id, total_price):
    methods = user.get("payment_methods") or {}
    if payment_id not in methods:
        return error("value_error", "Payment method not found")
    method = methods[payment_id]
    if method.get("source") == "certificate":
        return error("value_error", "Certificate cannot be used to update reservation")
    if method.get("source") == "gift_card" and method.get("amount", 0) < total_price:
        return error("value_error", "Gift card balance is not enough")
    if method.get("source") == "gift_card":
        method["amount"] -= total_price
    return {"status": "ok", "payment": {"payment_id": payment_id, "amount": total_price} if total_price != 0 else None}


def baggages(db_text, args_text):
    db, p = json.loads(db_text), json.loads(args_text)
    total, nonfree = pyd_int(p["total_baggages"]), pyd_int(p["nonfree_baggages"])
    reservation = db["reservations"][p["reservation_id"]]
    user = db["users"][reservation["user_id"]]
    charged = 50 * max(0, nonfree - reservation.get("nonfree_baggages", 0))
    paid = payment_for_update(user, p["payment_id"], charged)
    if paid["status"] == "ok":
        if paid["payment"] is not None:
            reservation.setdefault("payment_history", []).append(paid["payment"])
        reservation["total_baggages"] = total
        reservation["nonfree_baggages"] = nonfree
        result = reservation
    else:
        result = paid
    return {"text": json.dumps(result), "db": json.dumps(db), "hash": db_hash(db), "charged": json.dumps(charged)}


def book_payment(db_text, args_text):
    db, p = json.loads(db_text), json.loads(args_text)
    user = db["users"][p["user_id"]]
    n = len(p["passengers"])
    total_price = 0
    if p["insurance"] == "yes":
        total_price += 30 * n
    total_price += 50 * pyd_int(p["nonfree_baggages"])
    pays = [(pay["payment_id"], pyd_int(pay["amount"])) for pay in p["payment_methods"]]
    for pid, amount in pays:
        method = (user.get("payment_methods") or {}).get(pid)
        if method is None:
            return {"text": json.dumps(error("value_error", f"Payment method {pid} not found"))}
        if method.get("source") in ("gift_card", "certificate") and method.get("amount", 0) < amount:
            return {"text": json.dumps(error("value_error", f"Not enough balance in payment method {pid}"))}
    total_payment = sum(amount for _, amount in pays)
    if total_payment != total_price:
        return {"text": json.dumps(error("value_error", f"Payment amount does not add up, total price is {total_price}, but paid {total_payment}"))}
    history = []
    for pid, amount in pays:
        if pid not in user["payment_methods"]:
            # A certificate listed twice was removed by its first use: the caller returns {"error": str(KeyError)}.
            return {"text": json.dumps({"error": repr(pid)})}
        method = user["payment_methods"][pid]
        if method.get("source") == "gift_card":
            method["amount"] -= amount
        elif method.get("source") == "certificate":
            user["payment_methods"].pop(pid)
        history.append({"payment_id": pid, "amount": amount})
    user.setdefault("reservations", []).append("HATHAT")  # the first new reservation id
    return {"user": json.dumps(user), "history": json.dumps(history)}


def certificate(args_text):
    p = json.loads(args_text)
    amount = pyd_int(p["amount"])
    try:
        stored = float(amount)
    except OverflowError as e:
        return {"text": json.dumps({"error": str(e)})}
    message = f"Certificate certificate_3221322 added to user {p['user_id']} with amount {amount}."
    return {"text": json.dumps({"status": "success", "message": message}), "stored": json.dumps(stored), "result": json.dumps({"payment_id": "certificate_3221322", "amount": amount})}


def as_float(text, key):
    v = json.loads(text)[key]
    try:
        f = float(v.strip()) if isinstance(v, str) else float(v)
    except OverflowError as e:
        return {"err": str(e)}
    return {"dumps": json.dumps(f), "str": str(f)}


OPS = {
    "bind": bind,
    "value": value,
    "int": as_int,
    "dumps": dumps,
    "num": num,
    "baggages": baggages,
    "book_payment": book_payment,
    "certificate": certificate,
    "float": as_float,
}

for line in sys.stdin:
    if line.strip():
        op, *args = json.loads(line)
        print(json.dumps(OPS[op](*args)))
