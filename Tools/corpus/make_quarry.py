"""Held-out corpus "Quarry": a blind test set for the scrubber.

Written without reading the scrubber, its tests, its documents or the other corpora's cases: every
case is written from providers' published API references, SDK fixtures and real-world traffic
shapes as remembered, in services and situations that differ from the earlier splits. Every value
is random (seeded) in the shape the provider issues; nothing here is a credential.

Run from Tools/corpus:

    python3 make_quarry.py

It writes Tests/CassetteScrubbingTests/Corpus/Fresh/Quarry/q-*.json and manifest.json (twice gives
byte-identical files), then checks that every manifest value is findable in at least one decoded
view of its (unscrubbed) cassette, and exits 1 if not.
"""

import hashlib
import hmac
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cassettes import Fakes, basic, form, interaction, multipart, q, request, response  # noqa: E402
from split import Split  # noqa: E402
from make_unseen import cassette_views  # noqa: E402,F401  (re-exported for the measuring script)
from make_sealed import (  # noqa: E402
    AN, LOAN, UPAN, b64, b64u, b64u_json, gz, multipart_bytes, rhead, sigv4_auth, sse, tar_bytes,
    zip_bytes)
from make_unseen import grpc_frame, grpc_trailer, pb  # noqa: E402
from shapes import B64URL, HEX, UPPER, age, asana, atlassian, bech32_encode, github, npm, openai  # noqa: E402

F = Fakes(20261204)
SPLIT = Split("Quarry", "q-")
S = SPLIT.secret
O = SPLIT.ordinary
UA = ("User-Agent", "python-requests/2.32.3")
UA_NODE = ("User-Agent", "node-fetch/3.3.2")
UA_GO = ("User-Agent", "Go-http-client/2.0")
UA_CURL = ("User-Agent", "curl/8.11.0")
JSON = "application/json"
CT_JSON = ("Content-Type", JSON)
CT_FORM = ("Content-Type", "application/x-www-form-urlencoded")
ACCEPT = ("Accept", JSON)
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
WORDS = ("abandon ability absorb abstract access accident account achieve acoustic acquire across "
         "action actress adapt address adjust admit advance advice aerobic affair afford again agent "
         "agree airport aisle alarm album alcohol alert alien alley almost alpha already alter amateur "
         "amazing among amount amused analyst anchor ancient anger angle animal ankle announce annual "
         "answer antenna antique anxiety apology appear apple approve april arctic arena argue armor "
         "army around arrange arrest arrive arrow artefact artist artwork aspect assault asset assist "
         "assume asthma athlete attack attend attitude attract auction audit august author autumn "
         "average avocado avoid awake aware awesome awkward bamboo banana banner barely bargain barrel "
         "basket battle beach bean beauty become beef before begin behave believe bench benefit "
         "bicycle bitter blanket blossom bonus border bounce bracket brave breeze brick bridge brisk "
         "broccoli bronze bubble budget buffalo burden butter cabbage cactus canal candy canvas "
         "capable captain carbon carpet casino castle catalog cattle cereal chapter charge cherry").split()


def hx(n):
    return F.pick(HEX, n)


def an(n):
    return F.pick(AN, n)


def lo(n):
    return F.pick(LOAN, n)


def up(n):
    return F.pick(UPAN, n)


def bu(n):
    return F.pick(B64URL, n)


def dg(n):
    return F.digits(n)


def uid():
    return F.uuid()


def j(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def when():
    """A timestamp in 2026, ISO 8601 with a Z."""
    r = F.rng
    return f"2026-{r.randint(1, 11):02d}-{r.randint(1, 28):02d}T{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}Z"


def epoch():
    return 1796000000 + F.rng.randrange(10**6)


def ok(body, ctype="application/json; charset=utf-8", extra=(), status=200):
    return response(status, rhead(ctype, extra), body)


def hs_jwt(claims):
    return F.jwt(claims, alg="HS256", signature_bytes=32)


def pem_one_line():
    """A PEM key's body as one line (how properties files and env vars carry it), recorded whole."""
    block, _ = F.pem()
    body = "".join(block.strip().split("\n")[1:-1])
    return body


def mnemonic(count=12):
    return " ".join(F.rng.choice(WORDS) for _ in range(count))


# ---------------------------------------------------------------------------------------------
# Payments outside the usual card processors
# ---------------------------------------------------------------------------------------------

@SPLIT.case("paystack-initialize-and-signed-charge-webhook", "plain")
def _():
    sk = S("sk_live_" + hx(40), "api-key", "header Authorization")
    pk = O("pk_live_" + hx(40), "publishable-key", "json checkout config")
    ref = O("qrf" + lo(12), "id", "json reference")
    access = lo(15)
    url = O("https://checkout.paystack.com/" + access, "url", "json authorization_url")
    tx_id = O(dg(10), "id", "webhook json data.id")
    event = j({"event": "charge.success", "data": {"id": int(tx_id), "domain": "live", "status": "success",
                                                   "reference": ref, "amount": 2450000, "currency": "NGN",
                                                   "channel": "card", "paid_at": when(),
                                                   "customer": {"id": int(dg(8)), "customer_code": "CUS_" + lo(15)}}})
    sig = hmac.new(sk.encode(), event.encode(), hashlib.sha512).hexdigest()
    return [
        interaction(request("GET", "https://shop.lagosgrocer.ng/api/checkout/config", [UA_NODE, ACCEPT]),
                    ok({"provider": "paystack", "paystackKey": pk, "currency": "NGN"})),
        interaction(request("POST", "https://api.paystack.co/transaction/initialize",
                            [("Authorization", "Bearer " + sk), CT_JSON, UA],
                            {"email": "buyer@customer.test", "amount": 2450000, "reference": ref,
                             "callback_url": "https://shop.lagosgrocer.ng/paid"}),
                    ok({"status": True, "message": "Authorization URL created",
                        "data": {"authorization_url": url, "access_code": access, "reference": ref}})),
        interaction(request("POST", "https://shop.lagosgrocer.ng/hooks/paystack",
                            [("x-paystack-signature", sig), CT_JSON, ("User-Agent", "Paystack/2.0")], event),
                    ok({"received": True})),
    ]


@SPLIT.case("flutterwave-transfer-and-verif-hash-webhook", "plain")
def _():
    sk = S("FLWSECK_TEST-" + hx(32) + "-X", "api-key", "header Authorization")
    pk = O("FLWPUBK_TEST-" + hx(32) + "-X", "publishable-key", "html inline script")
    secret_hash = S(an(28), "webhook-secret", "header verif-hash")
    transfer_id = O(dg(6), "id", "json data.id")
    reference = O("payout-" + lo(10) + "_PMCKDU_1", "id", "json reference")
    html = ("<!doctype html><html><body><button id=pay>Pay KES 3,200</button>"
            "<script src=\"https://checkout.flutterwave.com/v3.js\"></script><script>"
            "document.getElementById('pay').onclick=function(){FlutterwaveCheckout({public_key: \"" + pk + "\","
            " tx_ref: \"ord-" + dg(7) + "\", amount: 3200, currency: \"KES\"});};</script></body></html>")
    return [
        interaction(request("GET", "https://pay.nairobimarket.co.ke/checkout/ord-88121", [UA_CURL]),
                    ok(html, "text/html; charset=utf-8")),
        interaction(request("POST", "https://api.flutterwave.com/v3/transfers",
                            [("Authorization", "Bearer " + sk), CT_JSON, UA],
                            {"account_bank": "044", "account_number": "0690000040", "amount": 5500,
                             "narration": "Vendor payout November", "currency": "NGN", "reference": reference,
                             "debit_currency": "NGN"}),
                    ok({"status": "success", "message": "Transfer Queued Successfully",
                        "data": {"id": int(transfer_id), "reference": reference, "status": "NEW",
                                 "fee": 26.875, "bank_name": "ACCESS BANK NIGERIA"}})),
        interaction(request("POST", "https://pay.nairobimarket.co.ke/webhooks/flw",
                            [("verif-hash", secret_hash), CT_JSON],
                            {"event": "transfer.completed", "data": {"id": int(transfer_id), "status": "SUCCESSFUL",
                                                                     "reference": reference}}),
                    ok("", "text/plain")),
    ]


@SPLIT.case("midtrans-snap-server-key-and-client-key", "public")
def _():
    server = S("SB-Mid-server-" + bu(24), "api-key", "basic auth username")
    client = O("SB-Mid-client-" + bu(16), "publishable-key", "html data-client-key")
    order = O("INV-" + dg(8), "id", "json order_id")
    token = O(uid(), "id", "json snap token")
    html = (f'<script type="text/javascript" src="https://app.sandbox.midtrans.com/snap/snap.js" '
            f'data-client-key="{client}"></script><script>snap.pay("{token}")</script>')
    return [
        interaction(request("POST", "https://app.sandbox.midtrans.com/snap/v1/transactions",
                            [("Authorization", basic(server, "")), CT_JSON, ACCEPT, UA],
                            {"transaction_details": {"order_id": order, "gross_amount": 185000},
                             "credit_card": {"secure": True}}),
                    ok({"token": token,
                        "redirect_url": "https://app.sandbox.midtrans.com/snap/v4/redirection/" + token}, status=201)),
        interaction(request("GET", "https://toko-batik.id/bayar/" + order, [UA_CURL]),
                    ok(html, "text/html; charset=utf-8")),
    ]


@SPLIT.case("xendit-invoice-and-callback-token", "plain")
def _():
    key = S("xnd_development_" + an(60), "api-key", "basic auth username")
    callback = S(an(48), "webhook-secret", "header x-callback-token")
    inv = O(hx(24), "id", "json invoice id")
    ext = O("order-" + dg(6) + "-manila", "id", "json external_id")
    url = O("https://checkout-staging.xendit.co/web/" + inv, "url", "json invoice_url")
    return [
        interaction(request("POST", "https://api.xendit.co/v2/invoices",
                            [("Authorization", basic(key, "")), CT_JSON, UA],
                            {"external_id": ext, "amount": 1499, "currency": "PHP", "description": "Annual plan"}),
                    ok({"id": inv, "external_id": ext, "status": "PENDING", "amount": 1499, "invoice_url": url,
                        "expiry_date": O(when(), "timestamp", "json expiry_date")})),
        interaction(request("POST", "https://billing.manilasaas.ph/xendit/callback",
                            [("x-callback-token", callback), CT_JSON, ("webhook-id", "whk_" + lo(20))],
                            {"id": inv, "external_id": ext, "status": "PAID", "paid_amount": 1499,
                             "payment_method": "EWALLET", "payment_channel": "GCASH"}),
                    ok({"ok": True})),
    ]


@SPLIT.case("mercadopago-preference-and-ipn-notification", "public")
def _():
    token = S("APP_USR-" + dg(16) + "-" + dg(6) + "-" + hx(32) + "-" + dg(9), "access-token", "header Authorization")
    public = O("APP_USR-" + uid(), "publishable-key", "json frontend config")
    pref = O(dg(10) + "-" + uid(), "id", "json preference id")
    pay = O(dg(11), "id", "query data.id")
    return [
        interaction(request("POST", "https://api.mercadopago.com/checkout/preferences",
                            [("Authorization", "Bearer " + token), CT_JSON, ("X-Idempotency-Key", uid()), UA],
                            {"items": [{"title": "Curso de cerámica", "quantity": 1, "unit_price": 45000,
                                        "currency_id": "ARS"}],
                             "notification_url": "https://taller.com.ar/mp/ipn"}),
                    ok({"id": pref, "init_point": "https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=" + pref,
                        "date_created": O(when(), "timestamp", "json date_created")}, status=201)),
        interaction(request("GET", "https://taller.com.ar/api/mp-config", [UA_NODE]),
                    ok({"publicKey": public, "locale": "es-AR"})),
        interaction(request("POST", f"https://taller.com.ar/mp/ipn?data.id={pay}&type=payment",
                            [CT_JSON, ("x-signature", f"ts={epoch()},v1={hx(64)}"), ("x-request-id", uid())],
                            {"action": "payment.created", "api_version": "v1", "data": {"id": pay},
                             "live_mode": True, "type": "payment"}),
                    ok("", "text/plain")),
    ]


@SPLIT.case("mpesa-daraja-oauth-and-stk-push-password", "encoding")
def _():
    consumer_key = an(48)
    consumer_secret = S(an(64), "client-secret", "basic auth password")
    access = S(an(28), "access-token", "json access_token")
    passkey = S(hx(64), "api-key", "base64 Password field")
    shortcode = "174379"
    stamp = "20261201083012"
    password = b64(shortcode + passkey + stamp)
    merchant = O(f"{dg(5)}-{dg(8)}-1", "id", "json MerchantRequestID")
    checkout = O("ws_CO_01122026083012" + dg(12), "id", "json CheckoutRequestID")
    return [
        interaction(request("GET", "https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials",
                            [("Authorization", basic(consumer_key, consumer_secret)), UA]),
                    ok({"access_token": access, "expires_in": "3599"})),
        interaction(request("POST", "https://sandbox.safaricom.co.ke/mpesa/stkpush/v1/processrequest",
                            [("Authorization", "Bearer " + access), CT_JSON, UA],
                            {"BusinessShortCode": shortcode, "Password": password, "Timestamp": stamp,
                             "TransactionType": "CustomerPayBillOnline", "Amount": 1, "PartyA": "254708374149",
                             "PartyB": shortcode, "PhoneNumber": "254708374149",
                             "CallBackURL": "https://duka.co.ke/mpesa/callback", "AccountReference": "Duka",
                             "TransactionDesc": "Order 5521"}),
                    ok({"MerchantRequestID": merchant, "CheckoutRequestID": checkout, "ResponseCode": "0",
                        "ResponseDescription": "Success. Request accepted for processing",
                        "CustomerMessage": "Success. Request accepted for processing"})),
    ]


@SPLIT.case("omise-token-public-key-and-charge-secret-key", "public")
def _():
    pkey = O("pkey_test_" + lo(19), "publishable-key", "basic auth username (vault)")
    skey = S("skey_test_" + lo(19), "api-key", "basic auth username (api)")
    tok = O("tokn_test_" + lo(19), "id", "json token id")
    chrg = O("chrg_test_" + lo(19), "id", "json charge id")
    return [
        interaction(request("POST", "https://vault.omise.co/tokens", [("Authorization", basic(pkey, "")), CT_FORM],
                            form([("card[name]", "Somchai P"), ("card[number]", "4242424242424242"),
                                  ("card[expiration_month]", "12"), ("card[expiration_year]", "2028"),
                                  ("card[security_code]", "123")])),
                    ok({"object": "token", "id": tok, "livemode": False, "used": False,
                        "card": {"object": "card", "brand": "Visa", "last_digits": "4242"}})),
        interaction(request("POST", "https://api.omise.co/charges", [("Authorization", basic(skey, "")), CT_FORM, UA],
                            form([("amount", "129900"), ("currency", "THB"), ("card", tok)])),
                    ok({"object": "charge", "id": chrg, "amount": 129900, "currency": "THB", "status": "successful",
                        "paid_at": O(when(), "timestamp", "json paid_at")})),
    ]


@SPLIT.case("toss-payments-confirm-secret-and-client-key", "public")
def _():
    sk = S("test_sk_" + an(28), "api-key", "basic auth username")
    ck = O("test_ck_" + an(28), "publishable-key", "html widget init")
    payment_key = O("tviva" + dg(14) + an(11), "id", "json paymentKey")
    order = O("ORD-" + dg(12), "id", "json orderId")
    html = (f"<script src=\"https://js.tosspayments.com/v2/standard\"></script><script>"
            f"const tossPayments = TossPayments(\"{ck}\");</script>")
    return [
        interaction(request("GET", "https://seoul-bakery.kr/order/checkout", [UA_CURL]), ok(html, "text/html")),
        interaction(request("POST", "https://api.tosspayments.com/v1/payments/confirm",
                            [("Authorization", basic(sk, "")), CT_JSON, UA],
                            {"paymentKey": payment_key, "orderId": order, "amount": 15000}),
                    ok({"mId": "tosspayments", "paymentKey": payment_key, "orderId": order, "status": "DONE",
                        "totalAmount": 15000, "method": "카드", "approvedAt": "2026-12-01T17:30:12+09:00"})),
    ]


@SPLIT.case("cashfree-pg-order-client-secret-header", "names")
def _():
    app_id = "TEST" + hx(32)
    secret = S("cfsk_ma_test_" + hx(32) + "_" + hx(8), "client-secret", "header x-client-secret")
    session = O("session_" + bu(90), "id", "json payment_session_id")
    cf_order = O(dg(10), "id", "json cf_order_id")
    return [
        interaction(request("POST", "https://sandbox.cashfree.com/pg/orders",
                            [("x-client-id", app_id), ("x-client-secret", secret), ("x-api-version", "2023-08-01"),
                             CT_JSON, UA],
                            {"order_amount": 499.0, "order_currency": "INR",
                             "customer_details": {"customer_id": "c_9921", "customer_phone": "9999999999"}}),
                    ok({"cf_order_id": cf_order, "order_id": "order_" + dg(8), "order_status": "ACTIVE",
                        "payment_session_id": session, "order_expiry_time": "2026-12-31T23:59:59+05:30"})),
    ]


@SPLIT.case("conekta-private-key-vs-public-key-same-prefix", "public")
def _():
    private = S("key_" + an(27), "api-key", "header Authorization")
    public = O("key_" + an(27), "publishable-key", "html Conekta.setPublicKey")
    order = O("ord_" + an(17), "id", "json order id")
    checkout = O(uid(), "id", "json checkout id")
    html = f"<script>Conekta.setPublicKey('{public}'); Conekta.setLanguage('es');</script>"
    return [
        interaction(request("GET", "https://mercado-cdmx.mx/pagar", [UA_CURL]), ok(html, "text/html")),
        interaction(request("POST", "https://api.conekta.io/orders",
                            [("Authorization", "Bearer " + private), ("Accept", "application/vnd.conekta-v2.1.0+json"),
                             CT_JSON, UA],
                            {"currency": "MXN", "customer_info": {"name": "Lucía Hernández", "phone": "+525511112222"},
                             "line_items": [{"name": "Mezcal artesanal", "unit_price": 89900, "quantity": 1}],
                             "checkout": {"allowed_payment_methods": ["card", "cash"], "type": "HostedPayment"}}),
                    ok({"id": order, "object": "order", "amount": 89900, "currency": "MXN",
                        "checkout": {"id": checkout, "url": "https://pay.conekta.com/checkout/" + checkout.replace("-", "")}})),
    ]


@SPLIT.case("paypal-nvp-setexpresscheckout-api-signature", "names")
def _():
    user = "sb-" + lo(8) + "_api1.business.example.com"
    pwd = S(up(16), "password", "form PWD")
    signature = S("A" + F.pick(AN + "-.", 55), "api-key", "form SIGNATURE")
    token = O("EC-" + up(17), "id", "nvp TOKEN")
    corr = O(hx(13), "request-id", "nvp CORRELATIONID")
    body = form([("USER", user), ("PWD", pwd), ("SIGNATURE", signature), ("METHOD", "SetExpressCheckout"),
                 ("VERSION", "204.0"), ("PAYMENTREQUEST_0_AMT", "24.90"), ("PAYMENTREQUEST_0_CURRENCYCODE", "EUR"),
                 ("RETURNURL", "https://vinyl-shop.example.de/return"), ("CANCELURL", "https://vinyl-shop.example.de/cancel")])
    resp = form([("TOKEN", token), ("TIMESTAMP", "2026-12-01T08:30:12Z"), ("CORRELATIONID", corr), ("ACK", "Success"),
                 ("VERSION", "204.0"), ("BUILD", "58807128")])
    return [interaction(request("POST", "https://api-3t.sandbox.paypal.com/nvp", [CT_FORM, UA], body),
                        ok(resp, "text/plain; charset=utf-8"))]


@SPLIT.case("nacos-config-get-alipay-merchant-keys-properties", "structure")
def _():
    password = S(F.password(), "password", "form password")
    token = S(hs_jwt({"sub": "nacos", "exp": epoch()}), "access-token", "query accessToken")
    private = S(pem_one_line(), "private-key", "properties alipay.merchant-private-key")
    public = O(b64(bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100") + F.bytes(261)),
               "public-key", "properties alipay.alipay-public-key")
    app_id = O("2021" + dg(12), "id", "properties alipay.app-id")
    data_id = O("pay-service-prod.properties", "name", "query dataId")
    props = ("# managed in nacos, group PAYMENT\n"
             f"alipay.app-id={app_id}\n"
             "alipay.gateway=https://openapi.alipay.com/gateway.do\n"
             f"alipay.merchant-private-key={private}\n"
             f"alipay.alipay-public-key={public}\n"
             "alipay.sign-type=RSA2\nalipay.notify-url=https://pay.hangzhou-tea.cn/alipay/notify\n")
    return [
        interaction(request("POST", "http://nacos.internal:8848/nacos/v1/auth/login", [CT_FORM, UA_GO],
                            form([("username", "nacos"), ("password", password)])),
                    ok({"accessToken": token, "tokenTtl": 18000, "globalAdmin": True, "username": "nacos"})),
        interaction(request("GET", f"http://nacos.internal:8848/nacos/v1/cs/configs?dataId={data_id}&group=PAYMENT&tenant=prod&accessToken={token}",
                            [UA_GO]),
                    ok(props, "text/plain;charset=UTF-8", [("Config-Type", "properties"), ("Content-MD5", hx(32))])),
    ]


@SPLIT.case("wechatpay-v3-native-order-and-apiv3-key-in-error-report", "echo")
def _():
    mchid = O("19" + dg(8), "id", "header mchid")
    serial = O(F.pick("0123456789ABCDEF", 40), "key-id", "header serial_no")
    apiv3 = S(an(32), "encryption-key", "json error report config")
    code_url = O("weixin://wxpay/bizpayurl?pr=" + an(7), "url", "json code_url")
    trade = O("T" + dg(18), "id", "json out_trade_no")
    auth = (f'WECHATPAY2-SHA256-RSA2048 mchid="{mchid}",nonce_str="{up(32)}",signature="{b64(F.bytes(256))}",'
            f'timestamp="{epoch()}",serial_no="{serial}"')
    return [
        interaction(request("POST", "https://api.mch.weixin.qq.com/v3/pay/transactions/native",
                            [("Authorization", auth), CT_JSON, ACCEPT, UA],
                            {"appid": "wx" + hx(16), "mchid": mchid, "description": "龙井茶 250g",
                             "out_trade_no": trade, "notify_url": "https://pay.hangzhou-tea.cn/wx/notify",
                             "amount": {"total": 26800, "currency": "CNY"}}),
                    ok({"code_url": code_url})),
        interaction(request("POST", "https://errors.hangzhou-tea.cn/api/report", [CT_JSON, UA_NODE],
                            {"level": "error", "message": "AEAD_AES_256_GCM decrypt failed for platform certificate",
                             "context": {"wechatpay": {"mchId": mchid, "merchantSerialNumber": serial,
                                                       "apiV3Key": apiv3}}}),
                    ok({"accepted": 1})),
    ]


@SPLIT.case("dlocal-payins-v2-hmac-and-trans-key", "challenge")
def _():
    login = an(10)
    trans = S(an(10), "api-key", "header X-Trans-Key")
    date = "2026-12-01T08:30:12.000Z"
    pay_id = O("D-4-" + uid(), "id", "json payment id")
    redirect = O("https://sandbox.dlocal.com/collect/select_payment_method?id=M-" + uid(), "url", "json redirect_url")
    return [interaction(
        request("POST", "https://sandbox.dlocal.com/payments",
                [("X-Date", date), ("X-Login", login), ("X-Trans-Key", trans), ("X-Version", "2.1"),
                 ("Authorization", "V2-HMAC-SHA256, Signature: " + hx(64)), CT_JSON, UA],
                {"amount": 120, "currency": "BRL", "country": "BR", "payment_method_flow": "REDIRECT",
                 "payer": {"name": "Thiago Silva", "document": "53033315550"}, "order_id": "pedido-" + dg(6)}),
        ok({"id": pay_id, "amount": 120, "currency": "BRL", "status": "PENDING", "redirect_url": redirect,
            "created_date": date}))]


@SPLIT.case("airwallex-login-api-key-and-bearer", "plain")
def _():
    client_id = an(22)
    key = S(hx(96), "api-key", "header x-api-key")
    token = S(F.jwt({"type": "client", "data_center_region": "HK", "sub": uid(), "exp": epoch()}, alg="HS512",
                    signature_bytes=64), "access-token", "json token")
    intent = O("int_hkpd" + lo(16), "id", "json payment intent id")
    return [
        interaction(request("POST", "https://api-demo.airwallex.com/api/v1/authentication/login",
                            [("x-client-id", client_id), ("x-api-key", key), CT_JSON, UA], ""),
                    ok({"expires_at": "2026-12-01T09:00:12+0000", "token": token}, status=201)),
        interaction(request("POST", "https://api-demo.airwallex.com/api/v1/pa/payment_intents/create",
                            [("Authorization", "Bearer " + token), CT_JSON, UA],
                            {"request_id": uid(), "amount": 88.5, "currency": "HKD", "merchant_order_id": "HK-" + dg(6)}),
                    ok({"id": intent, "client_secret": None, "status": "REQUIRES_PAYMENT_METHOD", "amount": 88.5},
                       status=201)),
    ]


@SPLIT.case("tap-payments-charge-and-gosell-public-key", "public")
def _():
    sk = S("sk_test_" + an(24), "api-key", "header Authorization")
    pk = O("pk_test_" + an(24), "publishable-key", "html goSell config")
    charge = O("chg_TS0" + dg(4) + dg(8) + lo(4) + dg(6), "id", "json charge id")
    html = "<script>goSell.config({gateway:{publicKey:'" + pk + "', language:'ar', supportedCurrencies:['KWD','SAR']}});</script>"
    return [
        interaction(request("GET", "https://souq-kw.example/checkout", [UA_CURL]), ok(html, "text/html")),
        interaction(request("POST", "https://api.tap.company/v2/charges", [("Authorization", "Bearer " + sk), CT_JSON, UA],
                            {"amount": 12.5, "currency": "KWD", "source": {"id": "tok_" + an(24)},
                             "redirect": {"url": "https://souq-kw.example/return"}}),
                    ok({"id": charge, "object": "charge", "status": "INITIATED", "amount": 12.5,
                        "transaction": {"url": "https://sandbox.payments.tap.company/test_gosell/v2/payment/tap_process.aspx?chg=" + charge}})),
    ]


@SPLIT.case("duffel-offer-request-bearer", "plain")
def _():
    token = S("duffel_test_" + bu(43), "access-token", "header Authorization")
    orq = O("orq_" + an(22), "id", "json offer request id")
    off = O("off_" + an(22), "id", "json offer id")
    return [interaction(
        request("POST", "https://api.duffel.com/air/offer_requests?return_offers=true",
                [("Authorization", "Bearer " + token), ("Duffel-Version", "v2"), CT_JSON, ACCEPT, UA],
                {"data": {"slices": [{"origin": "LIS", "destination": "NBO", "departure_date": "2027-01-14"}],
                          "passengers": [{"type": "adult"}], "cabin_class": "economy"}}),
        ok({"data": {"id": orq, "live_mode": False,
                     "offers": [{"id": off, "total_amount": "612.40", "total_currency": "EUR",
                                 "owner": {"iata_code": "TP", "name": "TAP Air Portugal"}}]}}, status=201))]


@SPLIT.case("amadeus-self-service-client-credentials-flight-offers", "plain")
def _():
    client_id = an(32)
    secret = S(an(16), "client-secret", "form client_secret")
    access = S(an(28), "access-token", "json access_token")
    offer_id = O("eJzTd9f3NjIJdzUGAAp" + bu(8) + "=", "id", "json flight offer id")
    return [
        interaction(request("POST", "https://test.api.amadeus.com/v1/security/oauth2/token", [CT_FORM, UA],
                            form([("grant_type", "client_credentials"), ("client_id", client_id), ("client_secret", secret)])),
                    ok({"type": "amadeusOAuth2Token", "username": "ops@travel-desk.test", "application_name": "fare-watch",
                        "client_id": client_id, "token_type": "Bearer", "access_token": access, "expires_in": 1799,
                        "state": "approved", "scope": ""}, "application/json")),
        interaction(request("GET", "https://test.api.amadeus.com/v2/shopping/flight-offers?originLocationCode=MAD&destinationLocationCode=BOG&departureDate=2027-02-03&adults=1",
                            [("Authorization", "Bearer " + access), UA]),
                    ok({"meta": {"count": 1}, "data": [{"type": "flight-offer", "id": "1", "source": "GDS",
                                                         "lastTicketingDate": "2027-01-20",
                                                         "price": {"currency": "EUR", "total": "734.18"},
                                                         "fareRules": {"id": offer_id}}]},
                       "application/vnd.amadeus+json")),
    ]


# ---------------------------------------------------------------------------------------------
# Observability and monitoring
# ---------------------------------------------------------------------------------------------

@SPLIT.case("logzio-bulk-gzip-ndjson-and-search-api-token", "encoding")
def _():
    shipping = S(F.pick(UPPER + "abcdefghijklmnopqrstuvwxyz", 32), "api-key", "query token")
    api_token = S(uid(), "api-key", "header X-API-TOKEN")
    leaked = S(F.password(16), "password", "gzip ndjson log message")
    trace = O(hx(32), "trace-id", "gzip ndjson trace_id")
    req_id = O(uid(), "request-id", "gzip ndjson request_id")
    lines = [
        {"@timestamp": "2026-12-01T08:30:10.114Z", "level": "INFO", "service": "billing-worker",
         "message": "invoice batch 2026-11 closed", "trace_id": trace},
        {"@timestamp": "2026-12-01T08:30:11.902Z", "level": "DEBUG", "service": "billing-worker",
         "message": f"connecting to postgres host=pg-billing user=billing password={leaked} sslmode=require",
         "request_id": req_id},
        {"@timestamp": "2026-12-01T08:30:12.004Z", "level": "WARN", "service": "billing-worker",
         "message": "retrying ledger export (attempt 2)", "trace_id": trace},
    ]
    body = gz("\n".join(j(line) for line in lines) + "\n")
    return [
        interaction(request("POST", f"https://listener-eu.logz.io:8071/?token={shipping}&type=billing-worker",
                            [("Content-Type", "application/x-ndjson"), ("Content-Encoding", "gzip"), UA_GO], body),
                    ok("", "text/plain")),
        interaction(request("POST", "https://api-eu.logz.io/v1/search", [("X-API-TOKEN", api_token), CT_JSON, UA],
                            {"query": {"bool": {"must": [{"match": {"service": "billing-worker"}}]}}, "size": 5}),
                    ok({"took": 38, "timed_out": False, "hits": {"total": 3, "hits": [{"_id": req_id}]}})),
    ]


@SPLIT.case("coralogix-logs-singles-send-your-data-key", "plain")
def _():
    key = S("cxtp_" + an(30), "api-key", "header Authorization")
    app = O("fleet-telemetry", "name", "json applicationName")
    sub = O("gps-ingest-eu2", "name", "json subsystemName")
    return [interaction(
        request("POST", "https://ingress.eu2.coralogix.com/logs/v1/singles",
                [("Authorization", "Bearer " + key), CT_JSON, UA_GO],
                [{"applicationName": app, "subsystemName": sub, "computerName": "ip-10-4-12-9",
                  "severity": 3, "text": "vehicle 4471 reported position 52.5200,13.4050", "timestamp": 1796106612004}]),
        ok({"status": "ok"}, extra=[("x-request-id", O(uid(), "request-id", "header x-request-id"))]))]


@SPLIT.case("lightstep-otlp-protobuf-access-token-and-captured-header", "framing")
def _():
    token = S(F.b64std(63), "api-key", "header lightstep-access-token")
    captured = S("lin_api_" + an(40), "api-key", "protobuf span attribute")
    service = O("ledger-reconciler", "name", "protobuf service.name")
    span = O("POST /v2/settlements/batch", "name", "protobuf span name")

    def kv(key, value):
        return pb((1, key), (2, pb((1, value))))

    message = pb((1, pb((1, pb((1, kv("service.name", service)), (1, kv("deployment.environment", "production")))),
                        (2, pb((1, pb((1, "opentelemetry.instrumentation.requests"))),
                               (2, pb((1, F.bytes(16)), (2, F.bytes(8)), (5, span),
                                      (9, kv("http.request.header.authorization", "Bearer " + captured)),
                                      (9, kv("http.url", "https://api.linear.app/graphql")))))))))
    return [interaction(
        request("POST", "https://ingest.lightstep.com/traces/otlp/v0.9",
                [("lightstep-access-token", token), ("Content-Type", "application/x-protobuf"), UA_GO], message),
        response(200, [("Content-Type", "application/x-protobuf")], b""))]


@SPLIT.case("checkly-check-create-with-secret-environment-variable", "names")
def _():
    key = S("cu_" + hx(32), "api-key", "header Authorization")
    account = O(uid(), "id", "header X-Checkly-Account")
    base = O("https://staging.tiller-hr.io/api", "url", "json environment variable value")
    pw = S(F.password(), "password", "json secret environment variable")
    check = O(uid(), "id", "json check id")
    return [interaction(
        request("POST", "https://api.checklyhq.com/v1/checks/api",
                [("Authorization", "Bearer " + key), ("X-Checkly-Account", account), CT_JSON, UA_NODE],
                {"name": "Admin login works", "activated": True, "frequency": 10, "locations": ["eu-central-1"],
                 "request": {"method": "POST", "url": "{{API_BASE}}/session",
                             "body": "{\"user\":\"synthetic\",\"password\":\"{{SHOP_ADMIN_PASSWORD}}\"}"},
                 "environmentVariables": [{"key": "API_BASE", "value": base, "locked": False},
                                          {"key": "SHOP_ADMIN_PASSWORD", "value": pw, "locked": True, "secret": True}]}),
        ok({"id": check, "name": "Admin login works", "created_at": O(when(), "timestamp", "json created_at")}, status=201))]


@SPLIT.case("cronitor-ping-key-in-path-and-api-basic", "plain")
def _():
    ping_key = S(hx(32), "api-key", "path ping key")
    api_key = S(hx(32), "api-key", "basic auth username")
    monitor = O("nightly-db-backup", "name", "path monitor key")
    stamp = O("1796106612.934", "timestamp", "json latest_event stamp")
    return [
        interaction(request("GET", f"https://cronitor.link/p/{ping_key}/{monitor}?state=complete&host=backup-01&metric=duration:412",
                            [UA_CURL]), ok("OK", "text/plain")),
        interaction(request("GET", "https://cronitor.io/api/monitors/" + monitor, [("Authorization", basic(api_key, "")), UA]),
                    ok({"key": monitor, "name": "Nightly DB backup", "type": "job", "passing": True,
                        "latest_event": {"stamp": float(stamp), "event": "complete", "host": "backup-01"}})),
    ]


@SPLIT.case("healthchecks-io-api-key-and-read-only-unique-key", "public")
def _():
    key = S(an(32), "api-key", "header X-Api-Key")
    unique = O(hx(40), "id", "json unique_key")
    name = O("pg-wal-archive", "name", "json check name")
    last = O("2026-12-01T08:15:02+00:00", "timestamp", "json last_ping")
    ping = "https://hc-ping.com/" + uid()
    return [interaction(
        request("GET", "https://healthchecks.io/api/v3/checks/?tag=prod", [("X-Api-Key", key), UA]),
        ok({"checks": [{"name": name, "slug": name, "tags": "prod db", "desc": "WAL segments shipped to object storage",
                        "grace": 3600, "n_pings": 8812, "status": "up", "last_ping": last, "ping_url": ping,
                        "unique_key": unique, "timeout": 86400}]}))]


@SPLIT.case("uptimerobot-getmonitors-form-main-and-monitor-keys", "names")
def _():
    main = S("u" + dg(7) + "-" + hx(24), "api-key", "form api_key")
    monitor_key = S("m" + dg(9) + "-" + hx(24), "api-key", "form api_key (monitor)")
    mid = O(dg(9), "id", "json monitor id")
    name = O("Billing portal (EU)", "name", "json friendly_name")
    return [
        interaction(request("POST", "https://api.uptimerobot.com/v2/getMonitors", [CT_FORM, ("Cache-Control", "no-cache"), UA],
                            form([("api_key", main), ("format", "json"), ("logs", "1")])),
                    ok({"stat": "ok", "pagination": {"offset": 0, "limit": 50, "total": 1},
                        "monitors": [{"id": int(mid), "friendly_name": name, "url": "https://billing.example.eu",
                                      "type": 1, "status": 2, "create_datetime": 1789000000}]})),
        interaction(request("POST", "https://api.uptimerobot.com/v2/getMonitors", [CT_FORM, UA],
                            form([("api_key", monitor_key), ("format", "json")])),
                    ok({"stat": "ok", "monitors": [{"id": int(mid), "friendly_name": name, "status": 2}]})),
    ]


@SPLIT.case("instana-api-token-and-agent-key-in-setup-script", "structure")
def _():
    token = S(bu(22), "api-key", "header Authorization apiToken")
    agent_key = S(bu(22), "api-key", "shell script -a argument")
    download_key = S(bu(22), "api-key", "shell script download key")
    endpoint = O("ingress-red-saas.instana.io:443", "url", "shell script endpoint")
    script = ("#!/bin/bash\n# Instana agent one-liner generated for zone prod-frankfurt\n"
              f"curl -o setup_agent.sh https://setup.instana.io/agent && chmod 700 ./setup_agent.sh && \\\n"
              f"  sudo ./setup_agent.sh -a {agent_key} -d {download_key} -t dynamic -e {endpoint} -y -z prod-frankfurt\n")
    return [interaction(
        request("GET", "https://acme-acme.instana.io/api/host-agent/setup-script?platform=linux",
                [("Authorization", "apiToken " + token), UA]),
        ok(script, "text/x-shellscript"))]


@SPLIT.case("splunk-observability-sfx-token-datapoints", "plain")
def _():
    token = S(bu(22), "api-key", "header X-SF-Token")
    metric = O("checkout.latency.p99", "name", "json metric")
    host = O("ip-172-31-44-9.eu-west-1.compute.internal", "name", "json dimension host")
    return [interaction(
        request("POST", "https://ingest.eu0.signalfx.com/v2/datapoint", [("X-SF-Token", token), CT_JSON, UA_GO],
                {"gauge": [{"metric": metric, "value": 412.5, "dimensions": {"host": host, "env": "prod"},
                            "timestamp": 1796106612000}]}),
        ok("\"OK\"", "application/json"))]


@SPLIT.case("appsignal-deploy-marker-push-api-key-query", "plain")
def _():
    key = S(uid(), "api-key", "query api_key")
    rev = O(hx(40), "commit-sha", "json revision")
    app = O("storefront-rails", "name", "query name")
    return [interaction(
        request("POST", f"https://push.appsignal.com/1/markers?api_key={key}&name={app}&environment=production",
                [CT_JSON, UA_CURL], {"revision": rev, "user": "deploybot", "repository": "git@github.com:acme/storefront.git"}),
        ok({"status": "ok"}))]


@SPLIT.case("statuspage-incident-create-oauth-header", "names")
def _():
    key = S(uid(), "api-key", "header Authorization OAuth")
    page = O(lo(12), "id", "path page id")
    comp = O(lo(12), "id", "json component id")
    inc = O(lo(12), "id", "json incident id")
    return [interaction(
        request("POST", f"https://api.statuspage.io/v1/pages/{page}/incidents",
                [("Authorization", "OAuth " + key), CT_JSON, UA],
                {"incident": {"name": "Elevated error rates on card payments", "status": "investigating",
                              "impact_override": "major", "components": {comp: "partial_outage"},
                              "component_ids": [comp], "body": "We are investigating elevated 5xx responses."}}),
        ok({"id": inc, "page_id": page, "shortlink": "https://stspg.io/" + an(7), "created_at": O(when(), "timestamp", "json created_at")}, status=201))]


@SPLIT.case("grafana-oncall-integration-url-token-and-api-token", "plain")
def _():
    integ = S(an(25), "api-key", "path integration token")
    api = S(hx(64), "api-key", "header Authorization")
    group = O("I" + up(12), "id", "json alert group id")
    return [
        interaction(request("POST", f"https://oncall-prod-eu-west-0.grafana.net/oncall/integrations/v1/formatted_webhook/{integ}/",
                            [CT_JSON, UA_GO],
                            {"alert_uid": uid(), "title": "Disk usage above 90% on pg-primary-2", "state": "alerting",
                             "link_to_upstream_details": "https://grafana.example.net/d/disk", "message": "/var/lib/postgresql at 93%"}),
                    ok("Ok.", "text/plain")),
        interaction(request("GET", "https://oncall-prod-eu-west-0.grafana.net/api/v1/alert_groups/?state=firing",
                            [("Authorization", api), UA]),
                    ok({"count": 1, "next": None, "results": [{"id": group, "title": "Disk usage above 90% on pg-primary-2",
                                                               "state": "firing", "created_at": when()}]})),
    ]


@SPLIT.case("mezmo-ingest-basic-ingestion-key", "plain")
def _():
    key = S(hx(32), "api-key", "basic auth username")
    app = O("warehouse-scanner", "name", "json app")
    return [interaction(
        request("POST", "https://logs.mezmo.com/logs/ingest?hostname=scanner-07&tags=warehouse&now=1796106612004",
                [("Authorization", basic(key, "")), CT_JSON, UA_NODE],
                {"lines": [{"line": "pallet 88-1204 scanned at dock 3", "app": app, "level": "INFO",
                            "meta": {"dock": 3, "operator": "night-shift"}}]}),
        ok({"status": "ok", "batchID": O(uid(), "id", "json batchID")}))]


# ---------------------------------------------------------------------------------------------
# CI/CD
# ---------------------------------------------------------------------------------------------

@SPLIT.case("semaphore-ci-secret-create-and-pipeline-describe", "plain")
def _():
    token = S(an(20), "api-key", "header Authorization Token")
    docker_pw = S(F.password(), "password", "json env_vars value")
    project = O(uid(), "id", "json project id")
    ppl = O(uid(), "id", "json ppl_id")
    sha = O(hx(40), "commit-sha", "json commit_sha")
    return [
        interaction(request("POST", "https://acme.semaphoreci.com/api/v1beta/secrets",
                            [("Authorization", "Token " + token), CT_JSON, UA_GO],
                            {"apiVersion": "v1beta", "kind": "Secret", "metadata": {"name": "dockerhub"},
                             "data": {"env_vars": [{"name": "DOCKERHUB_USERNAME", "value": "acmebuild"},
                                                   {"name": "DOCKERHUB_PASSWORD", "value": docker_pw}]}}),
                    ok({"metadata": {"name": "dockerhub", "id": uid(), "create_time": "1796106612"},
                        "data": {"env_vars": [{"name": "DOCKERHUB_USERNAME", "value": "acmebuild"},
                                              {"name": "DOCKERHUB_PASSWORD", "value": ""}]}})),
        interaction(request("GET", f"https://acme.semaphoreci.com/api/v1alpha/pipelines/{ppl}",
                            [("Authorization", "Token " + token), UA_GO]),
                    ok({"pipeline": {"ppl_id": ppl, "project_id": project, "commit_sha": sha, "branch_name": "main",
                                     "state": "DONE", "result": "PASSED"}})),
    ]


@SPLIT.case("codemagic-build-start-and-secure-variable-group", "plain")
def _():
    token = S(bu(43), "api-key", "header x-auth-token")
    firebase = S("1//0" + bu(99), "refresh-token", "json secure variable")
    app = O(hx(24), "id", "json appId")
    build = O(hx(24), "id", "json buildId")
    return [
        interaction(request("POST", f"https://api.codemagic.io/apps/{app}/variable-groups/{hx(24)}/variables",
                            [("x-auth-token", token), CT_JSON, UA],
                            {"variables": [{"name": "FIREBASE_TOKEN", "value": firebase, "secure": True}]}),
                    ok({"message": "Variables added"})),
        interaction(request("POST", "https://api.codemagic.io/builds", [("x-auth-token", token), CT_JSON, UA],
                            {"appId": app, "workflowId": "ios-release", "branch": "release/4.12"}),
                    ok({"buildId": build})),
    ]


@SPLIT.case("bitrise-pat-and-secret-env-var-create", "plain")
def _():
    pat = S(bu(86), "api-key", "header Authorization")
    keystore = S(F.password(), "password", "json secret value")
    app = O(hx(16), "id", "path app slug")
    build = O(uid(), "id", "json build_slug")
    return [
        interaction(request("POST", f"https://api.bitrise.io/v0.1/apps/{app}/secrets", [("Authorization", pat), CT_JSON, UA],
                            {"name": "ANDROID_KEYSTORE_PASSWORD", "value": keystore, "is_protected": True,
                             "is_expose": False, "expand_in_step_inputs": True}),
                    ok({"data": {"name": "ANDROID_KEYSTORE_PASSWORD", "is_protected": True}}, status=201)),
        interaction(request("POST", f"https://api.bitrise.io/v0.1/apps/{app}/builds", [("Authorization", pat), CT_JSON, UA],
                            {"hook_info": {"type": "bitrise"}, "build_params": {"branch": "main", "workflow_id": "deploy"}}),
                    ok({"status": "ok", "build_slug": build, "build_number": 1842,
                        "build_url": f"https://app.bitrise.io/build/{build}"}, status=201)),
    ]


@SPLIT.case("appveyor-api-and-encrypted-secure-values-in-yaml", "public")
def _():
    token = S("v2." + lo(20), "api-key", "header Authorization")
    secure1 = O(b64(F.bytes(32)), "ciphertext", "yaml secure value")
    secure2 = O(b64(F.bytes(48)), "ciphertext", "yaml secure value")
    version = O("1.0.4821", "id", "json build version")
    yaml_text = ("version: 1.0.{build}\nimage: Visual Studio 2022\nenvironment:\n  NUGET_API_KEY:\n"
                 f"    secure: {secure1}\n  CODECOV_TOKEN:\n    secure: {secure2}\nbuild_script:\n  - ps: .\\build.ps1\n")
    return [
        interaction(request("GET", "https://ci.appveyor.com/api/projects/acme/winforms-kit/settings/yaml",
                            [("Authorization", "Bearer " + token), UA]), ok(yaml_text, "text/plain")),
        interaction(request("POST", "https://ci.appveyor.com/api/builds", [("Authorization", "Bearer " + token), CT_JSON, UA],
                            {"accountName": "acme", "projectSlug": "winforms-kit", "branch": "master"}),
                    ok({"buildId": int(dg(8)), "jobs": [], "buildNumber": 4821, "version": version, "status": "queued"})),
    ]


@SPLIT.case("concourse-pipeline-config-ssh-key-and-var-placeholders", "structure")
def _():
    token = S(bu(43), "access-token", "header Authorization")
    key_block, key_line = F.openssh_key()
    S(key_line, "private-key", "json resource source private_key")
    placeholder = O("((registry-password))", "placeholder", "json resource source password")
    uri = O("git@github.com:acme/infra-deploy.git", "url", "json resource source uri")
    return [interaction(
        request("GET", "https://ci.acme-internal.net/api/v1/teams/main/pipelines/infra-deploy/config",
                [("Authorization", "Bearer " + token), UA_GO]),
        ok({"config": {"resources": [
            {"name": "repo", "type": "git", "source": {"uri": uri, "branch": "main", "private_key": key_block}},
            {"name": "image", "type": "registry-image",
             "source": {"repository": "registry.acme-internal.net/deploy", "username": "ci", "password": placeholder}}],
            "jobs": [{"name": "apply", "plan": [{"get": "repo", "trigger": True}, {"task": "terraform-apply"}]}]}},
            extra=[("X-Concourse-Config-Version", "214")]))]


@SPLIT.case("woodpecker-ci-repo-secret-create-and-pipeline", "plain")
def _():
    token = S(hs_jwt({"type": "user", "user-id": "3", "iat": epoch()}), "access-token", "header Authorization")
    secret = S(an(40), "api-key", "json secret value")
    sha = O(hx(40), "commit-sha", "json commit")
    return [
        interaction(request("POST", "https://ci.codeberg-mirror.example/api/repos/12/secrets",
                            [("Authorization", "Bearer " + token), CT_JSON, UA_GO],
                            {"name": "hetzner_token", "value": secret, "events": ["push", "tag"], "images": []}),
                    ok({"id": 41, "name": "hetzner_token", "value": "", "events": ["push", "tag"]})),
        interaction(request("POST", "https://ci.codeberg-mirror.example/api/repos/12/pipelines",
                            [("Authorization", "Bearer " + token), CT_JSON, UA_GO], {"branch": "main"}),
                    ok({"id": 903, "number": 318, "status": "pending", "event": "manual", "commit": sha,
                        "branch": "main", "created": 1796106612})),
    ]


@SPLIT.case("codecov-upload-token-and-commit-report", "identifiers")
def _():
    token = S(uid(), "api-key", "header Authorization token")
    sha = O(hx(40), "commit-sha", "query commit")
    build = O(dg(10), "id", "query build")
    url = O(f"https://app.codecov.io/github/acme/ledger/commit/{sha}", "url", "json url")
    return [interaction(
        request("POST", f"https://ingest.codecov.io/upload/v4?commit={sha}&branch=main&build={build}&service=github-actions&slug=acme%2Fledger",
                [("Authorization", "token " + token), ("Accept", "text/plain"), UA_CURL]),
        ok(f"{url}\nhttps://storage.googleapis.com/codecov/v4/raw/2026-12-01/{hx(32)}/{sha}/{uid()}.txt?X-Goog-Signature=" + hx(64),
           "text/plain"))]


@SPLIT.case("coveralls-multipart-gzipped-json-file-repo-token", "encoding")
def _():
    token = S(an(32), "api-key", "multipart gzip json repo_token")
    sha = O(hx(40), "commit-sha", "multipart gzip json git head id")
    digest = O(hx(32), "hash", "multipart gzip json source_digest")
    job = O(dg(11), "id", "multipart gzip json service_job_id")
    payload = j({"repo_token": token, "service_name": "github", "service_job_id": job,
                 "git": {"head": {"id": sha, "author_name": "Ines Duarte", "message": "Cover refund paths"},
                         "branch": "main"},
                 "source_files": [{"name": "lib/refunds.rb", "source_digest": digest, "coverage": [1, 1, None, 0, 3]}]})
    boundary = "----coveralls" + hx(16)
    body = multipart_bytes(boundary, [("json_file", "coveralls.json.gz", "application/gzip", gz(payload))])
    return [interaction(
        request("POST", "https://coveralls.io/api/v1/jobs", [("Content-Type", "multipart/form-data; boundary=" + boundary), UA], body),
        ok({"message": f"Job #{job}.1", "url": "https://coveralls.io/jobs/" + dg(9)}))]


@SPLIT.case("spinnaker-gate-session-cookie-and-pipeline-stage-parameter", "structure")
def _():
    session = S(b64(uid()), "session-cookie", "cookie SESSION")
    db_pw = S(F.password(), "password", "json stage parameters")
    pipeline = O(uid(), "id", "json pipeline id")
    execution = O(F.pick("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26), "id", "json execution ref")
    return [
        interaction(request("POST", "https://gate.spinnaker.acme.net/pipelines", [("Cookie", "SESSION=" + session), CT_JSON, UA],
                            {"id": pipeline, "application": "paymentsvc", "name": "db-migrate",
                             "stages": [{"type": "jenkins", "name": "Run migration", "master": "ci-main", "job": "db-migrate",
                                         "parameters": {"DB_HOST": "payments-db.prod", "DB_PASSWORD": db_pw}}]}),
                    ok("", "text/plain")),
        interaction(request("POST", "https://gate.spinnaker.acme.net/pipelines/paymentsvc/db-migrate",
                            [("Cookie", "SESSION=" + session), CT_JSON, UA], {"type": "manual", "user": "ops"}),
                    ok({"ref": "/pipelines/" + execution}, status=202)),
    ]


@SPLIT.case("gocd-encrypted-secure-variable-and-access-token", "public")
def _():
    pw = S(F.password(), "password", "basic auth password")
    token = S(hx(40), "access-token", "header Authorization")
    cipher = O("AES:" + b64(F.bytes(16)) + ":" + b64(F.bytes(32)), "ciphertext", "json encrypted_value")
    group = O("payments-deploy", "name", "json pipeline group")
    return [
        interaction(request("POST", "https://gocd.acme.net/go/api/admin/encrypt",
                            [("Authorization", basic("admin", pw)), ("Accept", "application/vnd.go.cd.v1+json"), CT_JSON, UA],
                            {"value": S(F.password(), "password", "json value to encrypt")}),
                    ok({"_links": {"self": {"href": "https://gocd.acme.net/go/api/admin/encrypt"}}, "encrypted_value": cipher},
                       "application/vnd.go.cd.v1+json")),
        interaction(request("GET", f"https://gocd.acme.net/go/api/admin/pipeline_groups/{group}",
                            [("Authorization", "Bearer " + token), ("Accept", "application/vnd.go.cd.v1+json"), UA]),
                    ok({"name": group, "pipelines": [{"name": "payments-api"}],
                        "environment_variables": [{"name": "DEPLOY_KEY", "secure": True, "encrypted_value": cipher}]},
                       "application/vnd.go.cd.v1+json")),
    ]


@SPLIT.case("terraform-cloud-config-version-tgz-with-tfvars", "encoding")
def _():
    token = S(an(14) + ".atlasv1." + F.pick(AN, 67), "api-key", "header Authorization")
    db_pw = S(F.password(), "password", "tar.gz terraform.tfvars")
    cf = S(bu(40), "api-key", "tar.gz terraform.tfvars")
    cv = O("cv-" + an(16), "id", "json config version id")
    module = O("app.terraform.io/acme/network/aws", "name", "tar.gz main.tf module source")
    upload = "https://archivist.terraform.io/v1/object/dmF1bHQ6djE6" + bu(120)
    tfvars = f'region = "eu-central-1"\ndb_password = "{db_pw}"\ncloudflare_api_token = "{cf}"\n'
    main_tf = f'module "net" {{\n  source  = "{module}"\n  version = "3.4.1"\n}}\n'
    archive = gz(tar_bytes([("main.tf", main_tf), ("terraform.tfvars", tfvars)]))
    return [
        interaction(request("POST", "https://app.terraform.io/api/v2/workspaces/ws-" + an(16) + "/configuration-versions",
                            [("Authorization", "Bearer " + token), ("Content-Type", "application/vnd.api+json"), UA_GO],
                            {"data": {"type": "configuration-versions", "attributes": {"auto-queue-runs": True}}}),
                    ok({"data": {"id": cv, "type": "configuration-versions",
                                 "attributes": {"status": "pending", "upload-url": upload}}}, "application/vnd.api+json", status=201)),
        interaction(request("PUT", upload, [("Content-Type", "application/octet-stream"), UA_GO], archive), ok("", "text/plain")),
    ]


@SPLIT.case("spacelift-graphql-api-key-user-mutation-jwt", "plain")
def _():
    key_id = O(F.pick("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26), "key-id", "graphql variable id")
    key_secret = S(hx(64), "api-key", "graphql variable secret")
    jwt = S(F.jwt({"aud": ["acme.app.spacelift.io"], "exp": epoch(), "sub": "api::" + key_id}),
            "access-token", "json jwt")
    stack = O("production-network", "id", "graphql variable stack")
    return [
        interaction(request("POST", "https://acme.app.spacelift.io/graphql", [CT_JSON, UA_GO],
                            {"query": "mutation GetSpaceliftToken($id: ID!, $secret: String!) { apiKeyUser(id: $id, secret: $secret) { id jwt } }",
                             "variables": {"id": key_id, "secret": key_secret}}),
                    ok({"data": {"apiKeyUser": {"id": key_id, "jwt": jwt}}})),
        interaction(request("POST", "https://acme.app.spacelift.io/graphql", [("Authorization", "Bearer " + jwt), CT_JSON, UA_GO],
                            {"query": "mutation Trigger($stack: ID!) { runTrigger(stack: $stack) { id state } }",
                             "variables": {"stack": stack}}),
                    ok({"data": {"runTrigger": {"id": F.pick("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26), "state": "QUEUED"}}})),
    ]


@SPLIT.case("harness-pat-with-account-id-and-pipeline-execute", "identifiers")
def _():
    account = O(bu(22), "id", "query accountIdentifier")
    pat = S(f"pat.{account}.{hx(24)}.{an(20)}", "api-key", "header x-api-key")
    execution = O(bu(22), "id", "json planExecutionId")
    return [interaction(
        request("POST", f"https://app.harness.io/pipeline/api/pipeline/execute/deploy_payments?accountIdentifier={account}&orgIdentifier=default&projectIdentifier=payments",
                [("x-api-key", pat), ("Content-Type", "application/yaml"), UA],
                "pipeline:\n  identifier: deploy_payments\n  variables:\n    - name: image_tag\n      type: String\n      value: 2026.12.01-3\n"),
        ok({"status": "SUCCESS", "data": {"planExecution": {"uuid": execution, "planExecutionId": execution, "status": "RUNNING"}}}))]


# ---------------------------------------------------------------------------------------------
# Feature flags
# ---------------------------------------------------------------------------------------------

@SPLIT.case("optimizely-datafile-sdk-key-and-personal-token", "public")
def _():
    sdk = O(an(22), "publishable-key", "path datafile sdk key")
    pat = S("2:" + bu(43), "api-key", "header Authorization")
    project = O(dg(11), "id", "json projectId")
    revision = O("revision-" + dg(3), "id", "json revision label")
    return [
        interaction(request("GET", f"https://cdn.optimizely.com/datafiles/{sdk}.json", [UA_NODE]),
                    ok({"version": "4", "projectId": project, "revision": revision[9:], "accountId": dg(11),
                        "featureFlags": [{"key": "new_checkout", "rolloutId": dg(11)}], "sdkKey": sdk, "environmentKey": "production"})),
        interaction(request("PATCH", f"https://api.optimizely.com/flags/v1/projects/{project}/flags",
                            [("Authorization", "Bearer " + pat), CT_JSON, UA],
                            [{"op": "add", "path": "/new_checkout/description", "value": "Rollout to EU first"}]),
                    ok({"items": [{"key": "new_checkout", "revision": revision}]})),
    ]


@SPLIT.case("growthbook-secret-api-key-vs-sdk-client-key", "public")
def _():
    secret = S("secret_admin_" + bu(43), "api-key", "header Authorization")
    client = O("sdk-" + an(16), "publishable-key", "path features client key")
    feature = O("checkout-redesign", "name", "json feature id")
    exp = O("exp_" + lo(16), "id", "json experiment id")
    return [
        interaction(request("GET", f"https://cdn.growthbook.io/api/features/{client}", [UA_NODE]),
                    ok({"status": 200, "features": {feature: {"defaultValue": False,
                                                              "rules": [{"coverage": 0.25, "hashAttribute": "id"}]}},
                        "dateUpdated": when()})),
        interaction(request("GET", "https://api.growthbook.io/api/v1/experiments?limit=1",
                            [("Authorization", "Bearer " + secret), UA]),
                    ok({"experiments": [{"id": exp, "trackingKey": feature, "status": "running",
                                         "dateCreated": when()}], "limit": 1, "offset": 0, "count": 1})),
    ]


@SPLIT.case("devcycle-server-sdk-key-and-client-sdk-key", "public")
def _():
    server = S("dvc_server_" + uid() + "_" + hx(7), "api-key", "header Authorization")
    client = O("dvc_client_" + uid() + "_" + hx(7), "publishable-key", "query sdkKey")
    variable = O("new-pricing-page", "name", "json variable key")
    return [
        interaction(request("POST", f"https://bucketing-api.devcycle.com/v1/variables/{variable}",
                            [("Authorization", server), CT_JSON, UA_NODE], {"user_id": "u_" + dg(6), "country": "CA"}),
                    ok({"_id": hx(24), "key": variable, "type": "Boolean", "value": True})),
        interaction(request("GET", f"https://sdk-api.devcycle.com/v1/sdkConfig?sdkKey={client}&user_id=anon", [UA_NODE]),
                    ok({"project": {"_id": hx(24), "key": "storefront"}, "variables": {variable: {"value": True}}})),
    ]


@SPLIT.case("configcat-management-api-basic-and-setting-value", "plain")
def _():
    user = "08d" + hx(5) + "-" + hx(4) + "-" + hx(4) + "-" + hx(4) + "-" + hx(12)
    pw = S(F.b64std(33), "password", "basic auth password")
    config = O(uid(), "id", "path config id")
    setting = O("isDarkModeEnabled", "name", "json setting key")
    return [interaction(
        request("GET", f"https://api.configcat.com/v1/configs/{config}/settings", [("Authorization", basic(user, pw)), UA]),
        ok([{"settingId": int(dg(6)), "key": setting, "name": "Dark mode", "settingType": "boolean",
             "createdAt": when()}]))]


# ---------------------------------------------------------------------------------------------
# Identity providers and access brokers
# ---------------------------------------------------------------------------------------------

@SPLIT.case("fusionauth-login-api-key-and-refresh-token", "plain")
def _():
    key = S(bu(64), "api-key", "header Authorization")
    pw = S(F.password(), "password", "json password")
    user = O(uid(), "id", "json user id")
    app = O(uid(), "id", "json applicationId")
    token = S(F.jwt({"aud": app, "sub": user, "iss": "auth.tidewater.io", "exp": epoch()}), "access-token", "json token")
    refresh = S(bu(54), "refresh-token", "json refreshToken")
    return [interaction(
        request("POST", "https://auth.tidewater.io/api/login", [("Authorization", key), CT_JSON, UA_NODE],
                {"loginId": "marisol.v", "password": pw, "applicationId": app, "noJWT": False}),
        ok({"refreshToken": refresh, "token": token, "tokenExpirationInstant": 1796110212000,
            "user": {"id": user, "username": "marisol.v", "active": True, "verified": True}}))]


@SPLIT.case("stytch-passwords-authenticate-project-secret", "plain")
def _():
    project = O("project-test-" + uid(), "id", "basic auth username")
    secret = S("secret-test-" + bu(36) + "=", "client-secret", "basic auth password")
    pw = S(F.password(), "password", "json password")
    session = S(bu(44), "session-token", "json session_token")
    sjwt = S(F.jwt({"sub": "user-test-" + uid(), "iss": "stytch.com/" + project, "exp": epoch()}), "jwt", "json session_jwt")
    user = O("user-test-" + uid(), "id", "json user_id")
    return [interaction(
        request("POST", "https://test.stytch.com/v1/passwords/authenticate",
                [("Authorization", basic(project, secret)), CT_JSON, UA_NODE],
                {"email": "r.okafor@clinic.test", "password": pw, "session_duration_minutes": 60}),
        ok({"status_code": 200, "request_id": O("request-id-test-" + uid(), "request-id", "json request_id"),
            "user_id": user, "session_token": session, "session_jwt": sjwt}))]


@SPLIT.case("descope-management-key-in-project-bearer", "plain")
def _():
    project = O("P2" + an(26), "id", "header Authorization project part")
    mgmt = S("K2" + an(26) + "." + bu(43), "api-key", "header Authorization key part")
    user = O("U2" + an(26), "id", "json userId")
    return [interaction(
        request("POST", "https://api.descope.com/v1/mgmt/user/search",
                [("Authorization", f"Bearer {project}:{mgmt}"), CT_JSON, UA_NODE], {"limit": 1, "tenantIds": ["T2" + an(26)]}),
        ok({"users": [{"userId": user, "loginIds": ["kwame.a"], "status": "enabled", "createdTime": 1790000000}]}))]


@SPLIT.case("zitadel-jwt-profile-key-file-and-assertion", "structure")
def _():
    block, line = F.pem("RSA PRIVATE KEY")
    S(line, "private-key", "json key file key")
    key_id = O(dg(18), "key-id", "json key file keyId")
    user_id = O(dg(18), "id", "json key file userId")
    assertion = S(F.jwt({"iss": user_id, "sub": user_id, "aud": "https://id.fernwood.cloud", "iat": epoch(), "exp": epoch()}),
                  "jwt", "form assertion")
    access = S(bu(86), "access-token", "json access_token")
    keyfile = j({"type": "serviceaccount", "keyId": key_id, "key": block, "expirationDate": "9999-12-31T23:59:59Z",
                 "userId": user_id})
    boundary = "zitadel" + hx(12)
    return [
        interaction(request("POST", "https://vault-sync.fernwood.cloud/upload", [("Content-Type", "multipart/form-data; boundary=" + boundary), UA],
                            multipart(boundary, [("file", "ci-bot-key.json", JSON, keyfile)])),
                    ok({"stored": True})),
        interaction(request("POST", "https://id.fernwood.cloud/oauth/v2/token", [CT_FORM, UA_GO],
                            form([("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"),
                                  ("scope", "openid urn:zitadel:iam:org:project:id:zitadel:aud"), ("assertion", assertion)])),
                    ok({"access_token": access, "token_type": "Bearer", "expires_in": 43199})),
    ]


@SPLIT.case("authentik-flow-executor-password-and-session-cookie", "plain")
def _():
    pw = S(F.password(), "password", "json password")
    session = S(lo(32), "session-cookie", "cookie authentik_session")
    csrf = an(32)
    flow = O("default-authentication-flow", "name", "path flow slug")
    avatar = O("https://www.gravatar.com/avatar/" + hx(32) + "?size=158&rating=g&default=404", "url", "json pending_user_avatar")
    return [
        interaction(request("POST", f"https://sso.pinegrove.example/api/v3/flows/executor/{flow}/?query=next%3D%252F",
                            [("Cookie", f"authentik_csrf={csrf}"), ("X-authentik-CSRF", csrf), CT_JSON, UA],
                            {"component": "ak-stage-password", "password": pw}),
                    ok({"type": "redirect", "component": "xak-flow-redirect", "to": "/", "pending_user": "jdelacroix",
                        "pending_user_avatar": avatar},
                       extra=[("Set-Cookie", f"authentik_session={session}; expires=Tue, 15 Dec 2026 08:30:12 GMT; HttpOnly; Path=/; SameSite=Lax; Secure")])),
        interaction(request("GET", "https://sso.pinegrove.example/api/v3/core/users/me/",
                            [("Cookie", f"authentik_session={session}; authentik_csrf={csrf}"), UA]),
                    ok({"user": {"pk": 14, "username": "jdelacroix", "name": "Jeanne Delacroix", "is_superuser": False}})),
    ]


@SPLIT.case("duo-authproxy-cfg-ini-in-support-bundle-zip", "structure")
def _():
    token = S(atlassian(F), "api-key", "basic auth password")
    svc_pw = S(F.password(), "password", "zip ini service_account_password")
    skey = S(an(40), "client-secret", "zip ini skey")
    radius = S(an(24), "password", "zip ini radius_secret_1")
    ikey = O("DI" + up(18), "id", "zip ini ikey")
    api_host = O("api-" + hx(8) + ".duosecurity.com", "url", "zip ini api_host")
    cfg = ("[main]\ndebug=true\nlog_max_files=10\n\n[ad_client]\nhost=dc01.corp.pinegrove.example\n"
           f"service_account_username=svc-duoproxy\nservice_account_password={svc_pw}\n"
           "search_dn=DC=corp,DC=pinegrove,DC=example\n\n[radius_server_auto]\n"
           f"ikey={ikey}\nskey={skey}\napi_host={api_host}\nradius_ip_1=10.20.0.15\nradius_secret_1={radius}\n"
           "failmode=safe\nclient=ad_client\nport=1812\n")
    bundle = zip_bytes([("authproxy.cfg", cfg), ("log/authproxy.log", "2026-12-01T08:01:22 Duo Security Authentication Proxy 6.4.2 - Init Complete\n")])
    boundary = "----duo" + hx(16)
    return [interaction(
        request("POST", "https://pinegrove.atlassian.net/rest/servicedeskapi/servicedesk/4/attachTemporaryFile",
                [("Authorization", basic("it-ops@pinegrove.example", token)), ("X-Atlassian-Token", "no-check"),
                 ("Content-Type", "multipart/form-data; boundary=" + boundary), UA],
                multipart_bytes(boundary, [("file", "duo-support-bundle.zip", "application/zip", bundle)])),
        ok({"temporaryAttachments": [{"temporaryAttachmentId": O(uid(), "id", "json temporaryAttachmentId"),
                                      "fileName": "duo-support-bundle.zip"}]}, status=201))]


@SPLIT.case("jumpcloud-x-api-key-systemusers", "plain")
def _():
    key = S(hx(40), "api-key", "header x-api-key")
    org = O(hx(24), "id", "header x-org-id")
    user = O(hx(24), "id", "json systemuser id")
    return [interaction(
        request("GET", "https://console.jumpcloud.com/api/systemusers?limit=1&filter=username:eq:svc-backup",
                [("x-api-key", key), ("x-org-id", org), ACCEPT, UA]),
        ok({"totalCount": 1, "results": [{"_id": user, "username": "svc-backup", "activated": True,
                                          "created": O("2026-03-02T10:11:12.000Z", "timestamp", "json created"), "mfa": {"configured": False}}]}))]


@SPLIT.case("onelogin-client-credentials-odd-header-format", "names")
def _():
    client_id = hx(64)
    secret = S(hx(64), "client-secret", "header Authorization client_secret")
    access = S(hx(64), "access-token", "json access_token")
    refresh = S(hx(64), "refresh-token", "json refresh_token")
    account = O(dg(6), "id", "json account_id")
    return [
        interaction(request("POST", "https://harbor-logistics.onelogin.com/auth/oauth2/v2/token",
                            [("Authorization", f"client_id:{client_id}, client_secret:{secret}"), CT_JSON, UA],
                            {"grant_type": "client_credentials"}),
                    ok({"access_token": access, "created_at": "2026-12-01T08:30:12.123Z", "expires_in": 36000,
                        "refresh_token": refresh, "token_type": "bearer", "account_id": int(account)})),
        interaction(request("GET", "https://harbor-logistics.onelogin.com/api/2/users?limit=1",
                            [("Authorization", "bearer:" + access), UA]),
                    ok([{"id": int(dg(9)), "username": "dock.lead", "state": 1, "status": 1}])),
    ]


@SPLIT.case("magic-admin-secret-key-and-did-token", "public")
def _():
    sk = S("sk_live_" + F.pick("0123456789ABCDEF", 16), "api-key", "header X-Magic-Secret-Key")
    pk = O("pk_live_" + F.pick("0123456789ABCDEF", 16), "publishable-key", "html Magic constructor")
    issuer = O("did:ethr:0x" + hx(40), "id", "json issuer")
    did = S(b64(j(["0x" + hx(130), j({"iat": epoch(), "ext": epoch(), "iss": issuer, "sub": bu(43), "aud": bu(43),
                                       "nbf": epoch(), "tid": uid(), "add": "0x" + hx(130)})])), "access-token", "header Authorization")
    html = f"<script>const magic = new Magic('{pk}', {{ network: 'mainnet' }});</script>"
    return [
        interaction(request("GET", "https://wallet.lumen-art.example/login", [UA_CURL]), ok(html, "text/html")),
        interaction(request("GET", "https://api.magic.link/v1/admin/auth/user/get?issuer=" + q(issuer),
                            [("X-Magic-Secret-Key", sk), ("Authorization", "Bearer " + did), UA_NODE]),
                    ok({"data": {"issuer": issuer, "public_address": "0x" + hx(40), "oauth_provider": None},
                        "error_code": "", "message": "", "status": "ok"})),
    ]


@SPLIT.case("kinde-m2m-client-credentials-and-create-user", "plain")
def _():
    client_id = hx(32)
    secret = S(an(48), "client-secret", "form client_secret")
    token = S(F.jwt({"aud": ["https://hollow-oak.kinde.com/api"], "azp": client_id, "gty": ["client_credentials"],
                     "iss": "https://hollow-oak.kinde.com", "exp": epoch()}), "access-token", "json access_token")
    org = O("org_" + hx(11), "id", "json organization_code")
    user = O("kp_" + hx(32), "id", "json created user id")
    return [
        interaction(request("POST", "https://hollow-oak.kinde.com/oauth2/token", [CT_FORM, UA_NODE],
                            form([("grant_type", "client_credentials"), ("client_id", client_id), ("client_secret", secret),
                                  ("audience", "https://hollow-oak.kinde.com/api")])),
                    ok({"access_token": token, "expires_in": 86399, "scope": "", "token_type": "bearer"})),
        interaction(request("POST", "https://hollow-oak.kinde.com/api/v1/user", [("Authorization", "Bearer " + token), CT_JSON, UA_NODE],
                            {"profile": {"given_name": "Aroha", "family_name": "Ngata"}, "organization_code": org}),
                    ok({"id": user, "created": True, "identities": [{"type": "username", "result": {"created": True}}]})),
    ]


@SPLIT.case("proxmox-ve-ticket-csrf-and-api-token", "plain")
def _():
    pw = S(F.password(), "password", "form password")
    ticket = S("PVE:root@pam:" + F.pick("0123456789ABCDEF", 8) + "::" + b64(F.bytes(256)), "session-token", "json ticket")
    token = S(uid(), "api-key", "header Authorization PVEAPIToken")
    node = O("pve-node-03", "name", "path node")
    upid = O(f"UPID:{node}:0003A2F1:01B4C9D2:{F.pick('0123456789ABCDEF', 8)}:qmstart:104:ci@pve!deploy:", "id", "json task UPID")
    return [
        interaction(request("POST", "https://pve.lab.example:8006/api2/json/access/ticket", [CT_FORM, UA],
                            form([("username", "root@pam"), ("password", pw)])),
                    ok({"data": {"username": "root@pam", "ticket": ticket, "CSRFPreventionToken": F.pick("0123456789ABCDEF", 8) + ":" + bu(43),
                                 "cap": {"nodes": {"Sys.Audit": 1}}}})),
        interaction(request("POST", f"https://pve.lab.example:8006/api2/json/nodes/{node}/qemu/104/status/start",
                            [("Authorization", f"PVEAPIToken=ci@pve!deploy={token}"), UA]),
                    ok({"data": upid})),
    ]


@SPLIT.case("unifi-network-login-cookie-and-device-list", "plain")
def _():
    pw = S(F.password(), "password", "json password")
    cookie = S(an(32), "session-cookie", "cookie unifises")
    site = O(hx(24), "id", "json site _id")
    mac = O(":".join(hx(2) for _ in range(6)), "id", "json device mac")
    return [
        interaction(request("POST", "https://unifi.home.example:8443/api/login", [CT_JSON, UA],
                            {"username": "netadmin", "password": pw, "remember": True}),
                    ok({"meta": {"rc": "ok"}, "data": []},
                       extra=[("Set-Cookie", f"unifises={cookie}; Path=/; Secure; HttpOnly"),
                              ("Set-Cookie", f"csrf_token={an(32)}; Path=/; Secure")])),
        interaction(request("GET", "https://unifi.home.example:8443/api/s/default/stat/device", [("Cookie", f"unifises={cookie}"), UA]),
                    ok({"meta": {"rc": "ok"}, "data": [{"_id": hx(24), "site_id": site, "mac": mac, "model": "U6LR",
                                                         "name": "AP Living Room", "version": "6.6.77.15402"}]})),
    ]


@SPLIT.case("synology-dsm-auth-sid-in-query-strings", "plain")
def _():
    pw = S(F.password(), "password", "query passwd")
    sid = S(bu(76), "session-token", "query _sid")
    path = O("/homes/backup/2026-11-archive.tar", "name", "query path")
    task = O("FileStation_" + hx(8), "id", "json taskid")
    return [
        interaction(request("GET", "https://nas.home.example:5001/webapi/entry.cgi?api=SYNO.API.Auth&version=7&method=login"
                            f"&account=admin&passwd={q(pw)}&session=FileStation&format=sid", [UA]),
                    ok({"data": {"did": bu(43), "is_portal_port": False, "sid": sid}, "success": True})),
        interaction(request("GET", "https://nas.home.example:5001/webapi/entry.cgi?api=SYNO.FileStation.Delete&version=2"
                            f"&method=start&path={q(path)}&_sid={sid}", [UA]),
                    ok({"data": {"taskid": task}, "success": True})),
    ]


@SPLIT.case("opnsense-api-basic-key-and-secret", "plain")
def _():
    key = F.pick(AN + "+/", 80)
    secret = S(F.pick(AN + "+/", 80), "api-key", "basic auth password")
    rule = O(uid(), "id", "json rule uuid")
    desc = O("Allow WireGuard from branch office", "prose", "json description")
    return [interaction(
        request("POST", "https://fw.branch.example/api/firewall/filter/addRule", [("Authorization", basic(key, secret)), CT_JSON, UA],
                {"rule": {"enabled": "1", "action": "pass", "interface": "wan", "protocol": "UDP",
                          "destination_port": "51820", "description": desc}}),
        ok({"result": "saved", "uuid": rule}))]


@SPLIT.case("boundary-password-authenticate-and-token", "plain")
def _():
    pw = S(F.password(), "password", "json attributes password")
    token = S("at_" + an(10) + "_s" + F.pick(AN, 120), "access-token", "json attributes token")
    method = O("ampw_" + an(10), "id", "path auth method id")
    account = O("acctpw_" + an(10), "id", "json account_id")
    return [interaction(
        request("POST", f"https://boundary.corp.example:9200/v1/auth-methods/{method}:authenticate", [CT_JSON, UA_GO],
                {"attributes": {"login_name": "oncall-sre", "password": pw}, "type": "password", "command": "login"}),
        ok({"command": "login", "attributes": {"id": "at_" + an(10), "scope_id": "global", "token": token,
                                                "user_id": "u_" + an(10), "auth_method_id": method, "account_id": account,
                                                "created_time": when(), "expiration_time": when()}}))]


@SPLIT.case("infisical-universal-auth-and-secrets-raw", "plain")
def _():
    client_id = uid()
    secret = S(hx(64), "client-secret", "json clientSecret")
    token = S(F.jwt({"identityId": uid(), "clientSecretId": uid(), "authTokenType": "identityAccessToken", "exp": epoch()}),
              "access-token", "json accessToken")
    db_pw = S(an(32), "password", "json secretValue connection string")
    ws = O(uid(), "id", "query workspaceId")
    sid = O(uid(), "id", "json secret id")
    return [
        interaction(request("POST", "https://app.infisical.com/api/v1/auth/universal-auth/login", [CT_JSON, UA_NODE],
                            {"clientId": client_id, "clientSecret": secret}),
                    ok({"accessToken": token, "expiresIn": 7200, "accessTokenMaxTTL": 43244, "tokenType": "Bearer"})),
        interaction(request("GET", f"https://app.infisical.com/api/v3/secrets/raw?workspaceId={ws}&environment=prod&secretPath=%2Fpayments",
                            [("Authorization", "Bearer " + token), UA_NODE]),
                    ok({"secrets": [{"_id": sid, "workspace": ws, "environment": "prod", "secretKey": "DATABASE_URL",
                                     "secretValue": f"postgresql://payments:{db_pw}@payments-db.internal:5432/payments?sslmode=verify-full",
                                     "type": "shared", "version": 7}], "imports": []})),
    ]


@SPLIT.case("akeyless-access-key-auth-and-get-secret-value", "plain")
def _():
    access_id = O("p-" + lo(12), "id", "json access-id")
    access_key = S(F.b64std(32), "api-key", "json access-key")
    token = S("t-" + hx(32), "access-token", "json token")
    value = S(F.password(22), "password", "json secret value")
    path = O("/prod/payments/ledger-db-password", "name", "json names")
    return [
        interaction(request("POST", "https://api.akeyless.io/auth", [CT_JSON, UA_GO],
                            {"access-id": access_id, "access-key": access_key, "access-type": "access_key"}),
                    ok({"token": token, "expiration": when()})),
        interaction(request("POST", "https://api.akeyless.io/get-secret-value", [CT_JSON, UA_GO],
                            {"names": [path], "token": token}),
                    ok({path: value})),
    ]


@SPLIT.case("bitwarden-public-api-organization-client-credentials", "plain")
def _():
    client_id = O("organization." + uid(), "id", "form client_id")
    secret = S(an(30), "client-secret", "form client_secret")
    token = S(F.jwt({"client_id": client_id, "scope": ["api.organization"], "exp": epoch()}), "access-token", "json access_token")
    member = O(uid(), "id", "json member id")
    return [
        interaction(request("POST", "https://identity.bitwarden.com/connect/token", [CT_FORM, UA],
                            form([("grant_type", "client_credentials"), ("scope", "api.organization"),
                                  ("client_id", client_id), ("client_secret", secret)])),
                    ok({"access_token": token, "expires_in": 3600, "token_type": "Bearer", "scope": "api.organization"})),
        interaction(request("GET", "https://api.bitwarden.com/public/members", [("Authorization", "Bearer " + token), UA]),
                    ok({"object": "list", "data": [{"object": "member", "id": member, "type": 2, "status": 2,
                                                    "name": "Tomasz Wiśniewski", "twoFactorEnabled": True}]})),
    ]


@SPLIT.case("keeper-secrets-manager-one-time-token-and-base64-config", "encoding")
def _():
    ott = S("US:" + bu(43), "access-token", "prose one-time token")
    private = S(b64(F.bytes(138)), "private-key", "base64 json privateKey")
    app_key = S(b64(F.bytes(32)), "encryption-key", "base64 json appKey")
    client = b64(F.bytes(64))
    record = O(bu(22), "id", "json record uid")
    config = b64(j({"hostname": "keepersecurity.com", "clientId": client, "privateKey": private, "appKey": app_key,
                    "serverPublicKeyId": "10"}))
    return [
        interaction(request("POST", "https://chat.tallow-ops.example/api/v4/posts", [("Authorization", "Bearer " + an(26)), CT_JSON, UA],
                            {"channel_id": lo(26),
                             "message": f"KSM one-time access token for the deploy app (valid 1h): {ott}"}),
                    ok({"id": lo(26), "create_at": 1796106612000}, status=201)),
        interaction(request("PUT", "https://config.tallow-ops.example/v1/kv/deploy/KSM_CONFIG", [CT_JSON, UA_GO], config),
                    ok("true", "application/json")),
        interaction(request("POST", "https://keepersecurity.com/api/rest/sm/v1/get_secret", [CT_JSON, UA_GO],
                            {"clientVersion": "mp16.6.4", "clientId": client, "requestedRecords": [record]}),
                    ok({"records": [{"recordUid": record, "revision": 12}], "appData": None})),
    ]


@SPLIT.case("teleport-join-token-and-ca-pin-in-basecamp-comment", "public")
def _():
    bc = S("BAhbB0kiAbB7ImNsaWVudF9pZCI6I" + F.pick(AN + "+/", 180) + "==--" + hx(40), "access-token", "header Authorization")
    join = S(hx(32), "api-key", "prose tctl token")
    pin = O("sha256:" + hx(64), "fingerprint", "prose ca pin")
    proxy = O("teleport.stoneridge.example:443", "url", "prose proxy address")
    content = ("<div>Node join for the new build box, from <code>tctl tokens add --type=node --ttl=1h</code>:</div>"
               f"<pre>The invite token: {join}\nThis token will expire in 60 minutes.\n\nRun this on the new node to join the cluster:\n\n"
               f"&gt; teleport start \\\n   --roles=node \\\n   --token={join} \\\n   --ca-pin={pin} \\\n   --auth-server={proxy}</pre>")
    return [interaction(
        request("POST", "https://3.basecampapi.com/4721901/buckets/2211/recordings/998812/comments.json",
                [("Authorization", "Bearer " + bc), CT_JSON, ("User-Agent", "OpsBot (ops@stoneridge.example)")], {"content": content}),
        ok({"id": int(dg(10)), "status": "active", "created_at": "2026-12-01T08:30:12.000Z", "content": content}, status=201))]


# ---------------------------------------------------------------------------------------------
# Databases as a service
# ---------------------------------------------------------------------------------------------

@SPLIT.case("cockroachdb-cloud-sql-user-create-and-connection-string", "plain")
def _():
    key = S("CCDB1_" + an(22) + "_" + an(40), "api-key", "header Authorization")
    pw = S(an(22), "password", "json password")
    cluster = O(uid(), "id", "path cluster id")
    host = O("tidal-otter-7421.j77.aws-eu-west-1.cockroachlabs.cloud", "name", "json host")
    return [
        interaction(request("POST", f"https://cockroachlabs.cloud/api/v1/clusters/{cluster}/sql-users",
                            [("Authorization", "Bearer " + key), CT_JSON, UA_GO], {"name": "ledger_app", "password": pw}),
                    ok({"name": "ledger_app"})),
        interaction(request("GET", f"https://cockroachlabs.cloud/api/v1/clusters/{cluster}/connection-string?database=ledger&sql_user=ledger_app",
                            [("Authorization", "Bearer " + key), UA_GO]),
                    ok({"connection_string": f"postgresql://ledger_app@{host}:26257/ledger?sslmode=verify-full",
                        "params": {"host": host, "port": "26257", "database": "ledger", "username": "ledger_app"}})),
    ]


@SPLIT.case("redis-cloud-api-secret-key-and-database-password", "plain")
def _():
    account_key = "A" + lo(49)
    secret = S("S" + lo(49), "api-key", "header x-api-secret-key")
    db_pw = S(an(32), "password", "json security password")
    endpoint = O(f"redis-{dg(5)}.c{dg(3)}.eu-central-1-1.ec2.redns.redis-cloud.com:{dg(5)}", "url", "json publicEndpoint")
    sub = O(dg(7), "id", "path subscription id")
    return [interaction(
        request("GET", f"https://api.redislabs.com/v1/subscriptions/{sub}/databases/{dg(8)}",
                [("x-api-key", account_key), ("x-api-secret-key", secret), ACCEPT, UA]),
        ok({"databaseId": int(dg(8)), "name": "session-cache", "protocol": "redis", "status": "active",
            "publicEndpoint": endpoint, "privateEndpoint": "redis-internal.eu-central-1.redns.redis-cloud.com:13420",
            "security": {"defaultUserEnabled": True, "password": db_pw, "enableTls": True, "sourceIps": ["0.0.0.0/0"]},
            "activatedOn": when()}))]


@SPLIT.case("clickhouse-cloud-openapi-service-create-password", "plain")
def _():
    key_id = an(20)
    key_secret = S("4b1d" + an(38), "api-key", "basic auth password")
    pw = S(F.pick(AN + "~_.", 16), "password", "json password")
    service = O(uid(), "id", "json service id")
    host = O(lo(10) + ".eu-central-1.aws.clickhouse.cloud", "name", "json endpoint host")
    return [interaction(
        request("POST", f"https://api.clickhouse.cloud/v1/organizations/{uid()}/services",
                [("Authorization", basic(key_id, key_secret)), CT_JSON, UA_GO],
                {"name": "events-analytics", "provider": "aws", "region": "eu-central-1", "tier": "production"}),
        ok({"status": 200, "requestId": uid(),
            "result": {"service": {"id": service, "name": "events-analytics", "state": "provisioning",
                                   "endpoints": [{"protocol": "https", "host": host, "port": 8443}]}, "password": pw}}))]


@SPLIT.case("coolify-bulk-env-prisma-accelerate-and-uploadthing-token", "encoding")
def _():
    token = S(dg(1) + "|" + an(40), "api-key", "header Authorization sanctum token")
    accel = S(F.jwt({"api_key": uid(), "tenant_id": hx(64), "internal_secret": uid()}, alg="HS256", signature_bytes=32),
              "api-key", "json env value query api_key")
    direct_pw = S(an(24), "password", "json env value DIRECT_URL")
    ut_key = S("sk_live_" + hx(64), "api-key", "base64 json apiKey in UPLOADTHING_TOKEN")
    app = O(lo(24), "id", "path application uuid")
    ut_app = O(lo(10), "id", "base64 json appId")
    ut = b64(j({"apiKey": ut_key, "appId": ut_app, "regions": ["sea1"]}))
    return [interaction(
        request("PATCH", f"https://coolify.studio-nine.example/api/v1/applications/{app}/envs/bulk",
                [("Authorization", "Bearer " + token), CT_JSON, UA_NODE],
                {"data": [{"key": "DATABASE_URL", "value": "prisma://accelerate.prisma-data.net/?api_key=" + accel, "is_preview": False},
                          {"key": "DIRECT_URL", "value": f"postgresql://app:{direct_pw}@db.studio-nine.example:5432/app"},
                          {"key": "UPLOADTHING_TOKEN", "value": ut},
                          {"key": "NEXT_PUBLIC_SITE_URL", "value": "https://studio-nine.example"}]}),
        ok([{"uuid": lo(24), "key": "DATABASE_URL"}, {"uuid": lo(24), "key": "DIRECT_URL"},
            {"uuid": lo(24), "key": "UPLOADTHING_TOKEN"}, {"uuid": lo(24), "key": "NEXT_PUBLIC_SITE_URL"}], status=201))]


@SPLIT.case("metabase-session-and-obfuscated-database-password", "public")
def _():
    pw = S(F.password(), "password", "json session password")
    session = S(uid(), "session-token", "header X-Metabase-Session")
    mask = O("**MetabasePass**", "placeholder", "json details password")
    host = O("analytics-replica.db.internal", "name", "json details host")
    return [
        interaction(request("POST", "https://bi.riverbend.example/api/session", [CT_JSON, UA],
                            {"username": "analyst@riverbend.example", "password": pw}),
                    ok({"id": session})),
        interaction(request("GET", "https://bi.riverbend.example/api/database/2", [("X-Metabase-Session", session), UA]),
                    ok({"id": 2, "name": "Warehouse replica", "engine": "postgres",
                        "details": {"host": host, "port": 5432, "dbname": "warehouse", "user": "metabase_ro",
                                    "password": mask, "ssl": True, "tunnel-enabled": False},
                        "updated_at": O("2026-11-28T14:02:11.512Z", "timestamp", "json updated_at")})),
    ]


# ---------------------------------------------------------------------------------------------
# Messaging, chat and push
# ---------------------------------------------------------------------------------------------

@SPLIT.case("plivo-message-basic-auth-id-and-token", "identifiers")
def _():
    auth_id = O("MA" + F.pick(UPPER + "0123456789", 18), "id", "path Account auth id")
    token = S(F.pick(AN, 40), "api-key", "basic auth password")
    msg = O(uid(), "id", "json message_uuid")
    return [interaction(
        request("POST", f"https://api.plivo.com/v1/Account/{auth_id}/Message/", [("Authorization", basic(auth_id, token)), CT_JSON, UA],
                {"src": "+14155550100", "dst": "+14155550199", "text": "Your table at Olive & Ash is ready."}),
        ok({"api_id": uid(), "message": "message(s) queued", "message_uuid": [msg]}, status=202))]


@SPLIT.case("sendbird-platform-api-token-and-user-session-token", "plain")
def _():
    app = O(uid().upper(), "id", "host application id")
    api = S(hx(40), "api-key", "header Api-Token")
    session = S(hx(40), "session-token", "json session token")
    channel = O("sendbird_group_channel_" + dg(9) + "_" + hx(40), "id", "json channel_url")
    return [
        interaction(request("POST", f"https://api-{app}.sendbird.com/v3/users/courier_2291/token",
                            [("Api-Token", api), CT_JSON, UA_NODE], {"expires_at": 1796710212000}),
                    ok({"token": session, "expires_at": 1796710212000})),
        interaction(request("GET", f"https://api-{app}.sendbird.com/v3/group_channels/{channel}", [("Api-Token", api), UA_NODE]),
                    ok({"channel_url": channel, "name": "Delivery #88121", "member_count": 2, "created_at": 1796100000})),
    ]


@SPLIT.case("nats-ngs-user-creds-file-jwt-and-nkey-seed", "structure")
def _():
    bearer = S("uat_" + an(60), "api-key", "header Authorization")
    account_pub = O("A" + F.pick(B32, 55), "public-key", "json issuer_account")
    user_pub = O("U" + F.pick(B32, 55), "public-key", "json user public key")
    jwt = S(b64u_json({"typ": "JWT", "alg": "ed25519-nkey"}) + "." +
            b64u_json({"jti": F.pick(B32, 52), "iat": epoch(), "iss": account_pub, "name": "edge-ingest", "sub": user_pub,
                       "nats": {"pub": {}, "sub": {}, "subs": -1, "data": -1, "payload": -1, "type": "user", "version": 2}}) +
            "." + b64u(F.bytes(64)), "jwt", "creds file user jwt")
    seed = S("SU" + F.pick(B32, 56), "private-key", "creds file nkey seed")
    creds = ("-----BEGIN NATS USER JWT-----\n" + jwt + "\n------END NATS USER JWT------\n\n"
             "************************* IMPORTANT *************************\n"
             "NKEY Seed printed below can be used to sign and prove identity.\nNKEYs are sensitive and should be treated as secrets.\n\n"
             "-----BEGIN USER NKEY SEED-----\n" + seed + "\n------END USER NKEY SEED------\n\n"
             "*************************************************************\n")
    return [
        interaction(request("GET", f"https://cloud.synadia.com/api/core/beta/nats-users/{lo(27)}/creds",
                            [("Authorization", "Bearer " + bearer), UA_GO]),
                    ok(creds, "text/plain; charset=utf-8", [("Content-Disposition", 'attachment; filename="edge-ingest.creds"')])),
        interaction(request("GET", f"https://cloud.synadia.com/api/core/beta/nats-users/{lo(27)}", [("Authorization", "Bearer " + bearer), UA_GO]),
                    ok({"name": "edge-ingest", "user_public_key": user_pub, "issuer_account": account_pub, "jwt_expires_at_max": None})),
    ]


@SPLIT.case("chatwork-token-and-japanese-password-message", "i18n")
def _():
    token = S(hx(32), "api-key", "header X-ChatWorkToken")
    pw = S(F.password(14), "password", "form body japanese prose")
    wifi = S(an(12), "password", "form body japanese prose")
    room = O(dg(9), "id", "path room id")
    msg = O(dg(19), "id", "json message_id")
    body = (f"[info][title]新入社員向けアカウント情報[/title]社内ポータルの初期パスワード：{pw}\n"
            f"初回ログイン後に必ず変更してください。\n来客用Wi-Fi（SSID: guest-5F）のパスワードは {wifi} です。[/info]")
    return [interaction(
        request("POST", f"https://api.chatwork.com/v2/rooms/{room}/messages", [("X-ChatWorkToken", token), CT_FORM, UA],
                form([("body", body), ("self_unread", "0")])),
        ok({"message_id": msg}))]


@SPLIT.case("customerio-track-basic-and-app-api-bearer", "plain")
def _():
    site = O(hx(20), "id", "basic auth username site id")
    track = S(hx(20), "api-key", "basic auth password")
    app_key = S(hx(32), "api-key", "header Authorization")
    delivery = O(b64u(F.bytes(18)), "id", "json delivery_id")
    return [
        interaction(request("PUT", "https://track-eu.customer.io/api/v1/customers/cust_48213",
                            [("Authorization", basic(site, track)), CT_JSON, UA_NODE],
                            {"plan": "pro", "created_at": 1790000000, "first_name": "Siosaia"}),
                    ok({})),
        interaction(request("POST", "https://api-eu.customer.io/v1/send/email", [("Authorization", "Bearer " + app_key), CT_JSON, UA_NODE],
                            {"transactional_message_id": "7", "identifiers": {"id": "cust_48213"},
                             "message_data": {"order_id": "R-3391"}}),
                    ok({"delivery_id": delivery, "queued_at": 1796106612})),
    ]


@SPLIT.case("courier-auth-token-with-pk-prefix-and-knock-keys", "names")
def _():
    courier = S("pk_prod_" + F.pick(UPPER + "0123456789", 28), "api-key", "header Authorization")
    knock_sk = S("sk_test_" + bu(43), "api-key", "header Authorization")
    knock_pk = O("pk_test_" + bu(43), "publishable-key", "json client config")
    req = O("1-" + hx(8) + "-" + hx(24), "request-id", "json requestId")
    run = O(uid(), "id", "json workflow_run_id")
    return [
        interaction(request("POST", "https://api.courier.com/send", [("Authorization", "Bearer " + courier), CT_JSON, UA_NODE],
                            {"message": {"to": {"user_id": "usr_2291"}, "template": "ORDER_SHIPPED", "data": {"eta": "Thursday"}}}),
                    ok({"requestId": req}, status=202)),
        interaction(request("POST", "https://api.knock.app/v1/workflows/order-shipped/trigger",
                            [("Authorization", "Bearer " + knock_sk), CT_JSON, UA_NODE], {"recipients": ["usr_2291"], "data": {"eta": "Thursday"}}),
                    ok({"workflow_run_id": run})),
        interaction(request("GET", "https://shop.harborline.example/api/public-config", [UA_NODE]),
                    ok({"knockPublicKey": knock_pk, "knockFeedChannelId": uid()})),
    ]


@SPLIT.case("line-messaging-channel-token-and-gotify-app-token", "plain")
def _():
    channel = S(F.b64std(129), "access-token", "header Authorization")
    user = O("U" + hx(32), "id", "json to userId")
    sent = O(dg(18), "id", "json sentMessages id")
    gotify = S("A" + F.pick(AN + "-_.", 14), "api-key", "header X-Gotify-Key")
    client = S("C" + F.pick(AN + "-_.", 14), "api-key", "query token")
    return [
        interaction(request("POST", "https://api.line.me/v2/bot/message/push",
                            [("Authorization", "Bearer " + channel), CT_JSON, ("X-Line-Retry-Key", uid()), UA],
                            {"to": user, "messages": [{"type": "text", "text": "ご予約ありがとうございます。12月3日 19:00 にお待ちしております。"}]}),
                    ok({"sentMessages": [{"id": sent, "quoteToken": bu(120)}]})),
        interaction(request("POST", "https://push.home.example/message", [("X-Gotify-Key", gotify), CT_JSON, UA],
                            {"title": "LINE push sent", "message": "reservation reminder delivered", "priority": 4}),
                    ok({"id": 4182, "appid": 3, "date": O("2026-12-01T08:30:12.53Z", "timestamp", "json date")})),
        interaction(request("GET", f"https://push.home.example/message?limit=5&token={client}", [UA]),
                    ok({"messages": [{"id": 4182, "title": "LINE push sent"}], "paging": {"size": 1, "since": 0, "limit": 5}})),
    ]


# ---------------------------------------------------------------------------------------------
# Maps and location
# ---------------------------------------------------------------------------------------------

@SPLIT.case("here-geocode-and-tomtom-routing-keys-in-query", "plain")
def _():
    here = S(bu(43), "api-key", "query apiKey")
    tomtom = S(an(32), "api-key", "query key")
    place = O("here:af:streetsection:" + bu(22), "id", "json item id")
    dep = O("2026-12-01T09:30:12+01:00", "timestamp", "json departureTime")
    return [
        interaction(request("GET", f"https://geocode.search.hereapi.com/v1/geocode?q={q('Invalidenstraße 116, Berlin')}&apiKey={here}", [UA]),
                    ok({"items": [{"title": "Invalidenstraße 116, 10115 Berlin, Deutschland", "id": place, "resultType": "houseNumber",
                                   "position": {"lat": 52.53086, "lng": 13.38469}}]})),
        interaction(request("GET", f"https://api.tomtom.com/routing/1/calculateRoute/52.53086,13.38469:52.50931,13.42936/json?traffic=true&key={tomtom}", [UA]),
                    ok({"formatVersion": "0.0.12", "routes": [{"summary": {"lengthInMeters": 5311, "travelTimeInSeconds": 1022,
                                                                            "departureTime": dep}}]})),
    ]


@SPLIT.case("radar-secret-key-vs-publishable-key", "public")
def _():
    sk = S("prj_live_sk_" + hx(40), "api-key", "header Authorization")
    pk = O("prj_live_pk_" + hx(40), "publishable-key", "html Radar.initialize")
    geofence = O(hx(24), "id", "json geofence _id")
    return [
        interaction(request("GET", "https://deliveries.ember-eats.example/track", [UA_CURL]),
                    ok(f"<script>Radar.initialize('{pk}');</script>", "text/html")),
        interaction(request("POST", "https://api.radar.io/v1/geofences/store/ember-eats-soho",
                            [("Authorization", sk), CT_JSON, UA_NODE],
                            {"description": "Ember Eats Soho", "type": "circle", "coordinates": [-0.1337, 51.5136], "radius": 120}),
                    ok({"meta": {"code": 200}, "geofence": {"_id": geofence, "tag": "store", "externalId": "ember-eats-soho",
                                                            "createdAt": O("2026-12-01T08:30:12.512Z", "timestamp", "json createdAt")}})),
    ]


# ---------------------------------------------------------------------------------------------
# E-signature
# ---------------------------------------------------------------------------------------------

@SPLIT.case("dropbox-sign-signature-request-multipart-pdf", "encoding")
def _():
    key = S(hx(64), "api-key", "basic auth username")
    req_id = O(hx(40), "id", "json signature_request_id")
    sig_id = O(hx(32), "id", "json signature_id")
    boundary = "----hellosign" + hx(12)
    pdf = b"%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n" + F.bytes(64) + b"\n%%EOF\n"
    body = multipart_bytes(boundary, [("title", None, None, "Lease renewal 2027"),
                                      ("signers[0][name]", None, None, "Mele Tupou"),
                                      ("signers[0][email_address]", None, None, "tenant@lease.test"),
                                      ("test_mode", None, None, "1"),
                                      ("files[0]", "lease-2027.pdf", "application/pdf", pdf)])
    return [interaction(
        request("POST", "https://api.hellosign.com/v3/signature_request/send",
                [("Authorization", basic(key, "")), ("Content-Type", "multipart/form-data; boundary=" + boundary), UA], body),
        ok({"signature_request": {"signature_request_id": req_id, "title": "Lease renewal 2027", "is_complete": False,
                                  "signatures": [{"signature_id": sig_id, "signer_name": "Mele Tupou", "status_code": "awaiting_signature"}]}}))]


@SPLIT.case("signnow-password-grant-encoded-client-credentials", "plain")
def _():
    client_id = hx(32)
    client_secret = S(hx(32), "client-secret", "basic auth password")
    pw = S(F.password(), "password", "form password")
    access = S(hx(64), "access-token", "json access_token")
    refresh = S(hx(64), "refresh-token", "json refresh_token")
    doc = O(hx(40), "id", "json document id")
    return [
        interaction(request("POST", "https://api.signnow.com/oauth2/token",
                            [("Authorization", basic(client_id, client_secret)), CT_FORM, UA],
                            form([("grant_type", "password"), ("username", "contracts@fjordline.example"), ("password", pw), ("scope", "*")])),
                    ok({"expires_in": 2592000, "token_type": "bearer", "access_token": access, "refresh_token": refresh,
                        "scope": "*", "last_login": 0})),
        interaction(request("GET", f"https://api.signnow.com/document/{doc}", [("Authorization", "Bearer " + access), UA]),
                    ok({"id": doc, "document_name": "NDA Fjordline 2027", "page_count": "3", "created": "1796100000"})),
    ]


# ---------------------------------------------------------------------------------------------
# Model APIs, streamed answers and AI tooling
# ---------------------------------------------------------------------------------------------

@SPLIT.case("cerebras-chat-stream-echoes-yaml-password-split", "stream")
def _():
    key = S("csk-" + lo(48), "api-key", "header Authorization")
    pw = S(F.password(20), "password", "request json and split stream deltas")
    cid = O("chatcmpl-" + uid(), "id", "stream id")
    fp = O("fp_" + hx(10), "id", "stream system_fingerprint")
    yaml_text = f"spring:\n  datasource:\n    url: jdbc:postgresql://orders-db:5432/orders\n    username: orders\n    password: {pw}\n  jpa:\n    hibernate:\n      ddl-auto: validate\n"
    pieces = ["Your indentation is off under `datasource`. Fixed:\n\n```yaml\nspring:\n  datasource:\n    url: jdbc:postgresql://orders-db:5432/orders\n    username: orders\n    password: ",
              pw[:7], pw[7:13], pw[13:], "\n  jpa:\n    hibernate:\n      ddl-auto: validate\n```"]
    events = [{"id": cid, "object": "chat.completion.chunk", "created": 1796106612, "model": "llama-3.3-70b",
               "system_fingerprint": fp, "choices": [{"index": 0, "delta": {"role": "assistant"}, "finish_reason": None}]}]
    for piece in pieces:
        events.append({"id": cid, "object": "chat.completion.chunk", "created": 1796106612, "model": "llama-3.3-70b",
                       "system_fingerprint": fp, "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]})
    events.append({"id": cid, "object": "chat.completion.chunk", "created": 1796106612, "model": "llama-3.3-70b",
                   "system_fingerprint": fp, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
                   "usage": {"prompt_tokens": 96, "completion_tokens": 71, "total_tokens": 167}})
    return [interaction(
        request("POST", "https://api.cerebras.ai/v1/chat/completions", [("Authorization", "Bearer " + key), CT_JSON, UA],
                {"model": "llama-3.3-70b", "stream": True,
                 "messages": [{"role": "user", "content": "Spring won't start, can you fix this application.yml?\n\n" + yaml_text}]}),
        ok(sse(events, done=True), "text/event-stream; charset=utf-8"))]


@SPLIT.case("dashscope-app-rag-stream-reveals-connection-password", "stream")
def _():
    key = S("sk-" + hx(32), "api-key", "header Authorization")
    pw = S(an(18), "password", "split stream content only")
    req_id = O(uid(), "request-id", "stream request_id")
    app = O(hx(32), "id", "path app id")
    full = f"根据知识库《测试环境接入手册》，Redis 连接串为 redis://default:{pw}@r-bp1test.redis.rds.aliyuncs.com:6379/0 ，请勿外传。"
    cut = full.index(pw)
    chunks = [full[:cut], pw[:5], pw[5:12], pw[12:] + full[cut + len(pw):]]
    out = ""
    for n, chunk in enumerate(chunks, 1):
        record = {"output": {"text": chunk, "finish_reason": "null" if n < len(chunks) else "stop", "session_id": hx(32)},
                  "usage": {"models": [{"input_tokens": 412, "output_tokens": 9 * n, "model_id": "qwen-plus"}]},
                  "request_id": req_id}
        out += f"id:{n}\nevent:result\n:HTTP_STATUS/200\ndata:{j(record)}\n\n"
    return [interaction(
        request("POST", f"https://dashscope.aliyuncs.com/api/v1/apps/{app}/completion",
                [("Authorization", "Bearer " + key), CT_JSON, ("X-DashScope-SSE", "enable"), UA],
                {"input": {"prompt": "测试环境的 Redis 怎么连？"}, "parameters": {"incremental_output": True, "has_thoughts": False}}),
        ok(out, "text/event-stream;charset=UTF-8", [("X-Request-Id", req_id)]))]


@SPLIT.case("helicone-gateway-auth-and-openai-project-key", "names")
def _():
    oai = S(openai(F, "sk-proj-", 74), "api-key", "header Authorization")
    hel = S("sk-helicone-" + "-".join(lo(7) for _ in range(4)), "api-key", "header Helicone-Auth")
    session = O(uid(), "id", "header Helicone-Session-Id")
    hid = O(uid(), "request-id", "header helicone-id")
    cmpl = O("chatcmpl-" + an(29), "id", "json id")
    return [interaction(
        request("POST", "https://oai.helicone.ai/v1/chat/completions",
                [("Authorization", "Bearer " + oai), ("Helicone-Auth", "Bearer " + hel), ("Helicone-Session-Id", session),
                 ("Helicone-Session-Name", "support-triage"), ("Helicone-Property-Environment", "prod"), CT_JSON, UA],
                {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Classify: 'my parcel never arrived'"}]}),
        ok({"id": cmpl, "object": "chat.completion", "model": "gpt-4o-mini-2024-07-18",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "category: delivery_issue"}, "finish_reason": "stop"}]},
           extra=[("helicone-id", hid), ("x-request-id", "req_" + hx(32))]))]


@SPLIT.case("baidu-qianfan-oauth-token-query-and-session-secret", "plain")
def _():
    client_id = an(24)
    secret = S(an(32), "client-secret", "query client_secret")
    access = S(f"24.{hx(32)}.2592000.{epoch()}.{dg(3)}-{dg(8)}", "access-token", "json access_token and query")
    refresh = S(f"25.{hx(32)}.315360000.{epoch()}.{dg(3)}-{dg(8)}", "refresh-token", "json refresh_token")
    session_secret = S(hx(32), "client-secret", "json session_secret")
    log_id = O(dg(19), "request-id", "json log_id")
    cid = O("as-" + lo(10), "id", "json id")
    return [
        interaction(request("POST", f"https://aip.baidubce.com/oauth/2.0/token?grant_type=client_credentials&client_id={client_id}&client_secret={secret}",
                            [CT_JSON, UA], ""),
                    ok({"refresh_token": refresh, "expires_in": 2592000, "session_key": "9mzdDoR" + bu(60),
                        "access_token": access, "scope": "public brain_all_scope wenxinworkshop_mgr", "session_secret": session_secret})),
        interaction(request("POST", f"https://aip.baidubce.com/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/ernie-4.0-8k?access_token={access}",
                            [CT_JSON, UA], {"messages": [{"role": "user", "content": "用一句话介绍杭州"}]}),
                    ok({"id": cid, "object": "chat.completion", "created": 1796106612, "result": "杭州是浙江省省会，以西湖闻名。",
                        "is_truncated": False, "usage": {"prompt_tokens": 8, "completion_tokens": 14, "total_tokens": 22}, "log_id": log_id})),
    ]


# ---------------------------------------------------------------------------------------------
# Webhooks with signing secrets
# ---------------------------------------------------------------------------------------------

@SPLIT.case("persona-webhook-create-secret-and-signed-inquiry-event", "plain")
def _():
    key = S("persona_sandbox_" + uid(), "api-key", "header Authorization")
    secret = S("wbhsec_" + uid(), "webhook-secret", "json attributes secret")
    wbh = O("wbh_" + an(24), "id", "json webhook id")
    inq = O("inq_" + an(24), "id", "json inquiry id")
    evt = O("evt_" + an(24), "id", "json event id")
    event = j({"data": {"type": "event", "id": evt, "attributes": {"name": "inquiry.completed", "created-at": when(),
                                                                  "payload": {"data": {"type": "inquiry", "id": inq,
                                                                                       "attributes": {"status": "completed"}}}}}})
    t = str(epoch())
    sig = hmac.new(secret.encode(), (t + "." + event).encode(), hashlib.sha256).hexdigest()
    return [
        interaction(request("POST", "https://withpersona.com/api/v1/webhooks",
                            [("Authorization", "Bearer " + key), ("Persona-Version", "2023-01-05"), CT_JSON, UA],
                            {"data": {"attributes": {"url": "https://kyc.brightwave.example/persona", "enabled-events": ["inquiry.completed"]}}}),
                    ok({"data": {"type": "webhook", "id": wbh, "attributes": {"status": "enabled", "url": "https://kyc.brightwave.example/persona",
                                                                               "secret": secret, "api-version": "2023-01-05"}}}, status=201)),
        interaction(request("POST", "https://kyc.brightwave.example/persona",
                            [("Persona-Signature", f"t={t},v1={sig}"), CT_JSON, ("User-Agent", "Persona-Webhook/1.0")], event),
                    ok({"ok": True})),
    ]


@SPLIT.case("asana-webhook-handshake-x-hook-secret-echo", "challenge")
def _():
    pat = S(asana(F), "api-key", "header Authorization")
    hook = S(hx(32), "webhook-secret", "header X-Hook-Secret")
    resource = O(dg(16), "id", "json resource gid")
    webhook = O(dg(16), "id", "json webhook gid")
    event = j({"events": [{"action": "changed", "resource": {"gid": resource, "resource_type": "task"}, "created_at": when()}]})
    return [
        interaction(request("POST", "https://hooks.quillfield.example/asana", [("X-Hook-Secret", hook), CT_JSON, ("User-Agent", "Asana")], ""),
                    response(200, [("X-Hook-Secret", hook), ("Content-Length", "0")])),
        interaction(request("POST", "https://app.asana.com/api/1.0/webhooks", [("Authorization", "Bearer " + pat), CT_JSON, UA],
                            {"data": {"resource": resource, "target": "https://hooks.quillfield.example/asana"}}),
                    ok({"data": {"gid": webhook, "resource_type": "webhook", "active": True,
                                 "resource": {"gid": resource, "name": "Q1 launch"}, "target": "https://hooks.quillfield.example/asana"}}, status=201)),
        interaction(request("POST", "https://hooks.quillfield.example/asana",
                            [("X-Hook-Signature", hmac.new(hook.encode(), event.encode(), hashlib.sha256).hexdigest()), CT_JSON,
                             ("User-Agent", "Asana")], event),
                    response(200)),
    ]


# ---------------------------------------------------------------------------------------------
# OAuth token exchanges
# ---------------------------------------------------------------------------------------------

@SPLIT.case("amazon-lwa-sp-api-refresh-and-access-tokens", "plain")
def _():
    client_id = O("amzn1.application-oa2-client." + hx(32), "id", "form client_id")
    secret = S("amzn1.oa2-cs.v1." + hx(64), "client-secret", "form client_secret")
    refresh = S("Atzr|IwEB" + F.pick(AN + "-_", 380), "refresh-token", "form refresh_token")
    access = S("Atza|IwEB" + F.pick(AN + "-_", 340), "access-token", "json access_token and header")
    seller = O("A" + F.pick(UPPER + "0123456789", 13), "id", "json sellerId")
    return [
        interaction(request("POST", "https://api.amazon.com/auth/o2/token", [CT_FORM, UA],
                            form([("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", client_id),
                                  ("client_secret", secret)])),
                    ok({"access_token": access, "refresh_token": refresh, "token_type": "bearer", "expires_in": 3600})),
        interaction(request("GET", "https://sellingpartnerapi-eu.amazon.com/sellers/v1/marketplaceParticipations",
                            [("x-amz-access-token", access), ("x-amz-date", "20261201T083012Z"), UA]),
                    ok({"payload": [{"marketplace": {"id": "A1PA6795UKMFR9", "countryCode": "DE", "name": "Amazon.de"},
                                     "participation": {"isParticipating": True, "hasSuspendedListings": False},
                                     "sellerId": seller}]}, extra=[("x-amzn-RequestId", O(uid(), "request-id", "header x-amzn-RequestId"))])),
    ]


@SPLIT.case("ebay-oauth-refresh-and-trading-xml-auth-token", "structure")
def _():
    app_id = O("ClaraMar-Reconcil-PRD-" + hx(9) + "-" + hx(8), "id", "basic auth username app id")
    cert = S("PRD-" + hx(12) + "-" + hx(4) + "-" + hx(4) + "-" + hx(4) + "-" + hx(4), "client-secret", "basic auth password cert id")
    refresh = S("v^1.1#i^1#p^3#r^1#I^3#f^0#t^Ul4xMF8" + F.pick(AN, 8) + "ODEzNTI3RjRFQUExODU4" + F.pick(AN + "+/", 100) + "=",
                "refresh-token", "form refresh_token")
    access = S("v^1.1#i^1#f^0#I^3#p^3#r^0#t^H4sIAAAAAAAA/+" + F.pick(AN + "+/", 700) + "==", "access-token", "json access_token")
    aat = S("AgAAAA**AQAAAA**aAAAAA**" + F.pick(AN + "+/", 80) + "**" + F.pick(AN + "+/", 300) + "==", "access-token", "xml eBayAuthToken")
    order = O(f"{dg(2)}-{dg(5)}-{dg(5)}", "id", "xml OrderID")
    xml = ('<?xml version="1.0" encoding="utf-8"?>\n<GetOrdersRequest xmlns="urn:ebay:apis:eBLBaseComponents">\n'
           f"  <RequesterCredentials>\n    <eBayAuthToken>{aat}</eBayAuthToken>\n  </RequesterCredentials>\n"
           "  <CreateTimeFrom>2026-11-24T00:00:00.000Z</CreateTimeFrom>\n  <CreateTimeTo>2026-12-01T00:00:00.000Z</CreateTimeTo>\n"
           "  <OrderRole>Seller</OrderRole>\n</GetOrdersRequest>\n")
    resp_xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<GetOrdersResponse xmlns="urn:ebay:apis:eBLBaseComponents">'
                f"<Timestamp>2026-12-01T08:30:12.004Z</Timestamp><Ack>Success</Ack><OrderArray><Order><OrderID>{order}</OrderID>"
                "<OrderStatus>Completed</OrderStatus><Total currencyID=\"GBP\">42.50</Total></Order></OrderArray></GetOrdersResponse>")
    return [
        interaction(request("POST", "https://api.ebay.com/identity/v1/oauth2/token", [("Authorization", basic(app_id, cert)), CT_FORM, UA],
                            form([("grant_type", "refresh_token"), ("refresh_token", refresh),
                                  ("scope", "https://api.ebay.com/oauth/api_scope/sell.fulfillment")])),
                    ok({"access_token": access, "expires_in": 7200, "token_type": "User Access Token"})),
        interaction(request("POST", "https://api.ebay.com/ws/api.dll",
                            [("X-EBAY-API-CALL-NAME", "GetOrders"), ("X-EBAY-API-SITEID", "3"), ("X-EBAY-API-COMPATIBILITY-LEVEL", "1355"),
                             ("X-EBAY-API-APP-NAME", app_id), ("Content-Type", "text/xml; charset=utf-8"), UA], xml),
                    ok(resp_xml, "text/xml;charset=utf-8")),
    ]


@SPLIT.case("salesforce-jwt-bearer-flow-and-soql-query", "plain")
def _():
    org = O("00D" + an(15), "id", "json id url org part")
    assertion = S(F.jwt({"iss": "3MVG9" + bu(80), "sub": "integration@quarrytech.example", "aud": "https://login.salesforce.com",
                         "exp": epoch()}), "jwt", "form assertion")
    access = S(org[:15] + "!" + F.pick(AN + "._", 96), "access-token", "json access_token")
    instance = O("https://quarrytech.my.salesforce.com", "url", "json instance_url")
    ident = O(f"https://login.salesforce.com/id/{org}/005{an(15)}", "url", "json id")
    return [
        interaction(request("POST", "https://login.salesforce.com/services/oauth2/token", [CT_FORM, UA],
                            form([("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion)])),
                    ok({"access_token": access, "scope": "api", "instance_url": instance, "id": ident, "token_type": "Bearer"})),
        interaction(request("GET", instance + "/services/data/v62.0/query?q=" + q("SELECT Id, Name FROM Account LIMIT 1"),
                            [("Authorization", "Bearer " + access), UA]),
                    ok({"totalSize": 1, "done": True, "records": [{"attributes": {"type": "Account"}, "Id": "001" + an(15),
                                                                   "Name": "Granite & Slate Ltd"}]})),
    ]


# ---------------------------------------------------------------------------------------------
# GraphQL
# ---------------------------------------------------------------------------------------------

@SPLIT.case("saleor-graphql-token-create-variables-and-tokens", "plain")
def _():
    pw = S(F.password(), "password", "graphql variable password")
    token = S(F.jwt({"iat": epoch(), "owner": "saleor", "iss": "https://shop.fenwick.example/graphql/", "exp": epoch(),
                     "token": an(12), "email": "staff@fenwick.example", "type": "access", "user_id": "VXNlcjoyMg==",
                     "is_staff": True}), "access-token", "json tokenCreate token")
    refresh = S(F.jwt({"iat": epoch(), "owner": "saleor", "exp": epoch(), "token": an(12), "type": "refresh",
                       "user_id": "VXNlcjoyMg==", "csrfToken": an(64)}), "refresh-token", "json tokenCreate refreshToken")
    user = O("VXNlcjoyMg==", "id", "json user id")
    channel = O("default-channel", "name", "graphql variable channel")
    return [
        interaction(request("POST", "https://shop.fenwick.example/graphql/", [CT_JSON, UA_NODE],
                            {"operationName": "TokenCreate",
                             "query": "mutation TokenCreate($email: String!, $password: String!) { tokenCreate(email: $email, password: $password) { token refreshToken csrfToken user { id email } errors { field message } } }",
                             "variables": {"email": "staff@fenwick.example", "password": pw}}),
                    ok({"data": {"tokenCreate": {"token": token, "refreshToken": refresh, "csrfToken": an(64),
                                                 "user": {"id": user, "email": "staff@fenwick.example"}, "errors": []}}})),
        interaction(request("POST", "https://shop.fenwick.example/graphql/", [("Authorization", "Bearer " + token), CT_JSON, UA_NODE],
                            {"query": "query Orders($channel: String) { orders(first: 1, channel: $channel) { edges { node { number total { gross { amount } } } } } }",
                             "variables": {"channel": channel}}),
                    ok({"data": {"orders": {"edges": [{"node": {"number": "10482", "total": {"gross": {"amount": 129.0}}}}]}}})),
    ]


# ---------------------------------------------------------------------------------------------
# XML and SOAP
# ---------------------------------------------------------------------------------------------

@SPLIT.case("usps-webtools-percent-encoded-xml-credentials-in-query", "encoding")
def _():
    userid = S(dg(3) + F.pick(UPPER, 5) + dg(4), "api-key", "query encoded xml USERID")
    pw = S(dg(3) + F.pick(UPPER, 2) + dg(2) + F.pick(UPPER, 5), "password", "query encoded xml PASSWORD")
    address = O("1600 PENNSYLVANIA AVE NW", "name", "xml Address2")
    zip4 = O("20500-0005", "id", "xml zip")
    xml = (f'<AddressValidateRequest USERID="{userid}" PASSWORD="{pw}"><Revision>1</Revision><Address ID="0">'
           "<Address1></Address1><Address2>1600 Pennsylvania Ave NW</Address2><City>Washington</City><State>DC</State>"
           "<Zip5></Zip5><Zip4></Zip4></Address></AddressValidateRequest>")
    resp_xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<AddressValidateResponse><Address ID="0">'
                f"<Address2>{address}</Address2><City>WASHINGTON</City><State>DC</State><Zip5>20500</Zip5><Zip4>0005</Zip4>"
                f"<DeliveryPoint>99</DeliveryPoint><Footnotes>{zip4}</Footnotes></Address></AddressValidateResponse>")
    return [interaction(request("GET", "https://secure.shippingapis.com/ShippingAPI.dll?API=Verify&XML=" + q(xml), [UA]),
                        ok(resp_xml, "text/xml"))]


# ---------------------------------------------------------------------------------------------
# Config files carried in bodies
# ---------------------------------------------------------------------------------------------

@SPLIT.case("mastodon-env-production-in-backup-tgz-to-storj", "structure")
def _():
    skb = S(hx(128), "signing-secret", "tar.gz env SECRET_KEY_BASE")
    otp = S(hx(128), "signing-secret", "tar.gz env OTP_SECRET")
    vapid_priv = S(b64u(F.bytes(32)) + "=", "private-key", "tar.gz env VAPID_PRIVATE_KEY")
    vapid_pub = O(b64u(b"\x04" + F.bytes(64)) + "=", "public-key", "tar.gz env VAPID_PUBLIC_KEY")
    db_pw = S(an(32), "password", "tar.gz env DB_PASS")
    smtp_pw = S(F.password(), "password", "tar.gz env SMTP_PASSWORD")
    domain = O("social.tidepool.example", "name", "tar.gz env LOCAL_DOMAIN")
    env = (f"LOCAL_DOMAIN={domain}\nSINGLE_USER_MODE=false\nSECRET_KEY_BASE={skb}\nOTP_SECRET={otp}\n"
           f"VAPID_PRIVATE_KEY={vapid_priv}\nVAPID_PUBLIC_KEY={vapid_pub}\nDB_HOST=db\nDB_USER=mastodon\nDB_NAME=mastodon_production\n"
           f"DB_PASS={db_pw}\nREDIS_HOST=redis\nSMTP_SERVER=smtp.mailbox.example\nSMTP_PORT=587\nSMTP_LOGIN=notifications@{domain}\n"
           f"SMTP_PASSWORD={smtp_pw}\nS3_ENABLED=true\nS3_BUCKET=tidepool-media\n")
    archive = gz(tar_bytes([("mastodon/.env.production", env),
                            ("mastodon/docker-compose.yml", "services:\n  web:\n    image: ghcr.io/mastodon/mastodon:v4.3.2\n    env_file: .env.production\n")]))
    key_id = "j" + lo(27)
    key = "backups/mastodon/2026-12-01/config.tar.gz"
    return [interaction(
        request("PUT", "https://gateway.storjshare.io/tidepool-backups/" + key,
                [("Authorization", sigv4_auth(key_id, "20261201", "us-east-1", "s3", hx(64), "host;x-amz-content-sha256;x-amz-date")),
                 ("x-amz-date", "20261201T083012Z"), ("x-amz-content-sha256", hashlib.sha256(archive).hexdigest()),
                 ("Content-Type", "application/gzip"), ("User-Agent", "aws-cli/2.22.4")], archive),
        response(200, [("ETag", '"' + hashlib.md5(archive).hexdigest() + '"'), ("x-amz-request-id", up(16))]))]


@SPLIT.case("synapse-homeserver-yaml-raw-from-bitbucket-datacenter", "structure")
def _():
    token = S("BBDC-" + F.pick(AN + "+/", 44), "api-key", "header Authorization")
    reg = S(F.pick(AN + "~=:;,.-@", 50), "signing-secret", "yaml registration_shared_secret")
    mac = S(F.pick(AN + "~=:;,.-@", 50), "signing-secret", "yaml macaroon_secret_key")
    form_secret = S(F.pick(AN + "~=:;,.-@", 50), "signing-secret", "yaml form_secret")
    db_pw = S(an(28), "password", "yaml database args password")
    server = O("matrix.lowfield.example", "name", "yaml server_name")
    base = O("https://matrix.lowfield.example/", "url", "yaml public_baseurl")
    yaml_text = (f'server_name: "{server}"\npid_file: /data/homeserver.pid\npublic_baseurl: {base}\nlisteners:\n'
                 "  - port: 8008\n    tls: false\n    type: http\n    x_forwarded: true\n    resources:\n      - names: [client, federation]\n"
                 f"database:\n  name: psycopg2\n  args:\n    user: synapse\n    password: {db_pw}\n    database: synapse\n    host: pg\n"
                 f'registration_shared_secret: "{reg}"\nreport_stats: false\nmacaroon_secret_key: "{mac}"\nform_secret: "{form_secret}"\n'
                 f"signing_key_path: /data/{server}.signing.key\ntrusted_key_servers:\n  - server_name: matrix.org\n")
    return [interaction(
        request("GET", "https://bitbucket.lowfield.example/rest/api/latest/projects/MATRIX/repos/homeserver/raw/homeserver.yaml?at=refs%2Fheads%2Fmain",
                [("Authorization", "Bearer " + token), UA]),
        ok(yaml_text, "text/plain;charset=UTF-8", [("X-AREQUESTID", "@" + up(7) + "x" + dg(3) + "x" + dg(6) + "x1")]))]


@SPLIT.case("gitops-helm-values-base64-in-github-contents-api", "encoding")
def _():
    token = S("github_pat_11" + F.pick(UPPER + "0123456789", 20) + "_" + an(59), "api-key", "header Authorization")
    admin = S(F.password(), "password", "base64 yaml adminPassword")
    smtp = S(F.password(), "password", "base64 yaml smtp password")
    secret_key = S(an(32), "signing-secret", "base64 yaml grafana.ini secret_key")
    sha = O(hx(40), "hash", "json blob sha")
    path = O("charts/grafana/values-prod.yaml", "name", "json path")
    values = ("replicas: 2\nadminUser: admin\n" f"adminPassword: {admin}\n" "grafana.ini:\n  server:\n    root_url: https://grafana.hollis.example\n"
              f"  security:\n    secret_key: {secret_key}\n  smtp:\n    enabled: true\n    host: smtp.hollis.example:587\n"
              f"    user: grafana@hollis.example\n    password: {smtp}\npersistence:\n  enabled: true\n  size: 10Gi\n")
    encoded = b64(values)
    wrapped = "\n".join(encoded[i:i + 60] for i in range(0, len(encoded), 60)) + "\n"
    return [interaction(
        request("GET", f"https://api.github.com/repos/hollis/gitops/contents/{path}?ref=main",
                [("Authorization", "Bearer " + token), ("Accept", "application/vnd.github+json"), ("X-GitHub-Api-Version", "2022-11-28"), UA]),
        ok({"name": "values-prod.yaml", "path": path, "sha": sha, "size": len(values), "type": "file", "encoding": "base64",
            "content": wrapped, "url": f"https://api.github.com/repos/hollis/gitops/contents/{path}?ref=main"},
           extra=[("X-GitHub-Request-Id", F.pick("0123456789ABCDEF", 4) + ":" + F.pick("0123456789ABCDEF", 6) + ":" + F.pick("0123456789ABCDEF", 7))]))]


@SPLIT.case("wg-easy-session-and-client-config-private-key", "public")
def _():
    pw = S(F.password(), "password", "json password")
    sid = S("s%3A" + bu(32) + "." + q(b64(F.bytes(32)).rstrip("=")), "session-cookie", "cookie connect.sid")
    priv = S(b64(F.bytes(32)), "private-key", "conf PrivateKey")
    psk = S(b64(F.bytes(32)), "encryption-key", "conf PresharedKey")
    pub = O(b64(F.bytes(32)), "public-key", "conf Peer PublicKey")
    endpoint = O("vpn.marlowe-home.example:51820", "url", "conf Endpoint")
    client = O(uid(), "id", "path client id")
    conf = (f"[Interface]\nPrivateKey = {priv}\nAddress = 10.8.0.7/24\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = {pub}\n"
            f"PresharedKey = {psk}\nAllowedIPs = 0.0.0.0/0, ::/0\nPersistentKeepalive = 0\nEndpoint = {endpoint}\n")
    return [
        interaction(request("POST", "https://vpn.marlowe-home.example/api/session", [CT_JSON, UA], {"password": pw, "remember": False}),
                    ok({"success": True}, extra=[("Set-Cookie", f"connect.sid={sid}; Path=/; HttpOnly")])),
        interaction(request("GET", f"https://vpn.marlowe-home.example/api/wireguard/client/{client}/configuration",
                            [("Cookie", "connect.sid=" + sid), UA]),
                    ok(conf, "text/plain; charset=utf-8", [("Content-Disposition", 'attachment; filename="phone-anja.conf"')])),
    ]


# ---------------------------------------------------------------------------------------------
# Shell transcripts
# ---------------------------------------------------------------------------------------------

@SPLIT.case("asciinema-cast-upload-with-exported-token-and-mysql-password", "stream")
def _():
    install = S(uid(), "api-key", "basic auth password install id")
    hcloud = S(an(64), "api-key", "cast event output export")
    mysql_pw = S(F.password(16), "password", "cast event output mysql -p")
    url = O("https://asciinema.org/a/" + an(25), "url", "json url")
    title = O("provisioning the new db box", "prose", "cast header title")
    events = [[0.412, "o", "$ "], [1.902, "o", f"export HCLOUD_TOKEN={hcloud}\r\n"], [2.011, "o", "$ "],
              [3.515, "o", "hcloud server create --name db-02 --type cpx31 --image debian-12\r\n"],
              [9.870, "o", "Server 48213907 created\r\n$ "], [12.004, "o", f"mysql -h 10.0.0.5 -u root -p'{mysql_pw}' -e 'SHOW DATABASES'\r\n"],
              [12.611, "o", "+--------------------+\r\n| Database           |\r\n+--------------------+\r\n| shop               |\r\n+--------------------+\r\n$ "]]
    cast = j({"version": 2, "width": 132, "height": 36, "timestamp": 1796106612, "title": title,
              "env": {"SHELL": "/bin/zsh", "TERM": "xterm-256color"}}) + "\n" + "\n".join(j(e) for e in events) + "\n"
    boundary = "------------------------" + hx(16)
    return [interaction(
        request("POST", "https://asciinema.org/api/asciicasts",
                [("Authorization", basic("kaito", install)), ("Content-Type", "multipart/form-data; boundary=" + boundary),
                 ("User-Agent", "asciinema/2.4.0 CPython/3.12.7 macOS/15.1")],
                multipart(boundary, [("asciicast", "ascii.cast", "application/octet-stream", cast)])),
        ok({"url": url, "message": "View the recording at:\n\n    " + url + "\n"}, status=201))]


@SPLIT.case("dpaste-shell-session-az-token-and-vault-login", "structure")
def _():
    az = S(F.jwt({"aud": "https://vault.azure.net", "iss": "https://sts.windows.net/" + uid() + "/", "exp": epoch()}),
           "access-token", "shell output accessToken")
    vault = S("hvs." + F.pick(AN + "_-", 24), "access-token", "shell output vault token")
    redis_pw = S(an(24), "password", "shell output vault kv field")
    accessor = O(F.pick(AN, 24), "id", "shell output token_accessor")
    sub = O(uid(), "id", "shell output subscription")
    tenant = O(uid(), "id", "shell output tenant")
    text = ("$ az account get-access-token --resource https://vault.azure.net\n{\n"
            f'  "accessToken": "{az}",\n  "expiresOn": "2026-12-01 09:41:07.000000",\n  "expires_on": 1796110267,\n'
            f'  "subscription": "{sub}",\n  "tenant": "{tenant}",\n  "tokenType": "Bearer"\n}}\n'
            "$ vault login -method=oidc role=sre\nComplete the login via your OIDC provider. Launching browser to:\n\n"
            "    https://login.microsoftonline.com/" + tenant + "/oauth2/v2.0/authorize?client_id=...\n\n"
            "Success! You are now authenticated.\n\nKey                  Value\n---                  -----\n"
            f"token                {vault}\ntoken_accessor       {accessor}\ntoken_duration       8h\ntoken_renewable      true\n"
            'token_policies       ["default" "sre"]\n'
            f"$ vault kv get -field=password secret/prod/redis\n{redis_pw}\n$ # why does the helm upgrade still fail??\n")
    paste = O("https://dpaste.com/" + up(9), "url", "body paste url")
    return [interaction(
        request("POST", "https://dpaste.com/api/v2/", [CT_FORM, UA_CURL],
                form([("content", text), ("syntax", "shell-session"), ("expiry_days", "7"), ("title", "helm upgrade fails")])),
        response(201, rhead("text/plain", [("Location", paste)]), paste + "\n"))]


# ---------------------------------------------------------------------------------------------
# Connection strings and error reports that echo configuration
# ---------------------------------------------------------------------------------------------

@SPLIT.case("elastic-beanstalk-option-settings-mssql-connection-string", "plain")
def _():
    key_id = F.aws_key_id("ASIA")
    session = S(F.aws_session_token(), "session-token", "header X-Amz-Security-Token")
    sql_pw = S(F.password(), "password", "xml option value connection string")
    jwt_key = S(b64(F.bytes(64)), "signing-secret", "xml option value Jwt__SigningKey")
    env_id = O("e-" + lo(10), "id", "xml EnvironmentId")
    stack = O("64bit Amazon Linux 2023 v3.2.1 running .NET 8", "name", "xml SolutionStackName")

    def opt(name, value):
        return ("<member><Namespace>aws:elasticbeanstalk:application:environment</Namespace>"
                f"<OptionName>{name}</OptionName><Value>{value}</Value></member>")

    xml = ('<DescribeConfigurationSettingsResponse xmlns="http://elasticbeanstalk.amazonaws.com/docs/2010-12-01/">'
           "<DescribeConfigurationSettingsResult><ConfigurationSettings><member>"
           f"<SolutionStackName>{stack}</SolutionStackName><EnvironmentName>orders-prod</EnvironmentName>"
           f"<EnvironmentId>{env_id}</EnvironmentId><ApplicationName>orders</ApplicationName><OptionSettings>"
           + opt("ASPNETCORE_ENVIRONMENT", "Production")
           + opt("ConnectionStrings__Default", f"Server=tcp:orders-sql.internal,1433;Database=Orders;User Id=orders_app;Password={sql_pw};Encrypt=True;TrustServerCertificate=False;")
           + opt("Jwt__SigningKey", jwt_key)
           + "</OptionSettings></member></ConfigurationSettings></DescribeConfigurationSettingsResult>"
           f"<ResponseMetadata><RequestId>{uid()}</RequestId></ResponseMetadata></DescribeConfigurationSettingsResponse>")
    return [interaction(
        request("POST", "https://elasticbeanstalk.eu-west-1.amazonaws.com/",
                [("Authorization", sigv4_auth(key_id, "20261201", "eu-west-1", "elasticbeanstalk", hx(64),
                                              "content-type;host;x-amz-date;x-amz-security-token")),
                 ("X-Amz-Date", "20261201T083012Z"), ("X-Amz-Security-Token", session),
                 ("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"), ("User-Agent", "aws-cli/2.22.4")],
                form([("Action", "DescribeConfigurationSettings"), ("ApplicationName", "orders"),
                      ("EnvironmentName", "orders-prod"), ("Version", "2010-12-01")])),
        ok(xml, "text/xml"))]


@SPLIT.case("honeybadger-notice-go-struct-dump-with-dsn-and-stripe-key", "echo")
def _():
    key = S("hbp_" + an(36), "api-key", "header X-API-Key")
    pg_pw = S(an(24), "password", "json context struct dump DSN")
    stripe = S("rk_live_" + an(99), "api-key", "json context struct dump")
    rev = O(hx(40), "commit-sha", "json server revision")
    notice = O(uid(), "id", "json notice id")
    host = O("orders-7d9f8c6b5-xk2lp", "name", "json server hostname")
    dump = (f'&config.Config{{HTTP:config.HTTP{{Addr:":8080", ReadTimeout:5000000000}}, '
            f'DB:config.DB{{DSN:"postgres://orders:{pg_pw}@orders-db.prod:5432/orders?sslmode=require", MaxConns:20}}, '
            f'Stripe:config.Stripe{{Key:"{stripe}", Webhook:""}}, LogLevel:"debug"}}')
    return [interaction(
        request("POST", "https://api.honeybadger.io/v1/notices", [("X-API-Key", key), CT_JSON, ACCEPT, UA_GO],
                {"notifier": {"name": "honeybadger-go", "url": "https://github.com/honeybadger-io/honeybadger-go", "version": "0.8.0"},
                 "error": {"class": "runtime.Error", "message": "runtime error: invalid memory address or nil pointer dereference",
                           "backtrace": [{"file": "/app/internal/refund/service.go", "number": "214", "method": "refund.(*Service).Issue"},
                                         {"file": "/app/cmd/orders/main.go", "number": "88", "method": "main.main"}]},
                 "request": {"context": {"config": dump, "order_id": "ord_" + an(14)}},
                 "server": {"project_root": "/app", "environment_name": "production", "hostname": host, "revision": rev}}),
        ok({"id": notice}, status=201))]


# ---------------------------------------------------------------------------------------------
# Archives and gRPC
# ---------------------------------------------------------------------------------------------

@SPLIT.case("coder-file-upload-dotfiles-tar-netrc-and-git-credentials", "structure")
def _():
    session = S(an(10) + "-" + an(22), "session-token", "header Coder-Session-Token")
    netrc_pw = S(F.password(), "password", "tar .netrc password")
    ghp = S(github(F, "ghp_"), "api-key", "tar .git-credentials")
    index = S(an(32), "api-key", "tar pip.conf index url userinfo")
    gho = S(github(F, "gho_"), "access-token", "tar gh hosts.yml oauth_token")
    file_hash = O(uid(), "id", "json hash")
    members = [
        (".netrc", f"machine gitlab.ridgeback.example\n  login deploy\n  password {netrc_pw}\n"),
        (".git-credentials", f"https://jmorales:{ghp}@github.com\n"),
        (".config/pip/pip.conf", f"[global]\nindex-url = https://build:{index}@pkgs.ridgeback.example/simple/\ntimeout = 60\n"),
        (".config/gh/hosts.yml", f"github.com:\n    users:\n        jmorales:\n            oauth_token: {gho}\n    git_protocol: https\n    oauth_token: {gho}\n    user: jmorales\n"),
        (".zshrc", "export EDITOR=nvim\nalias k=kubectl\n"),
    ]
    return [interaction(
        request("POST", "https://coder.ridgeback.example/api/v2/files",
                [("Coder-Session-Token", session), ("Content-Type", "application/x-tar"), ("User-Agent", "Coder v2.17.2")],
                tar_bytes(members)),
        ok({"hash": file_hash}, status=201))]


@SPLIT.case("temporal-cloud-grpc-start-workflow-payload-password", "framing")
def _():
    key = S(F.jwt({"accountId": lo(5), "keyId": lo(20), "iss": "temporal.io", "sub": lo(20), "exp": epoch()}, alg="ES256",
                  signature_bytes=64), "api-key", "header authorization")
    smtp_pw = S(F.password(), "password", "grpc protobuf payload json")
    ns = O("payments-prod.a1b2c", "name", "grpc protobuf namespace")
    wf = O("refund-" + dg(8), "id", "grpc protobuf workflow id")
    run = O(uid(), "id", "grpc protobuf run id")
    payload = j({"orderId": "ord_" + an(14), "amountCents": 4200,
                 "notify": {"smtpHost": "smtp.ridgeback.example", "smtpUser": "refunds", "smtpPassword": smtp_pw}})
    message = pb((1, ns), (2, wf), (3, pb((1, "RefundWorkflow"))), (4, pb((1, "refunds"))),
                 (5, pb((1, pb((1, pb((1, "encoding"), (2, b"json/plain"))), (2, payload.encode()))))),
                 (8, "worker@orders-7d9f8"), (9, uid()))
    return [interaction(
        request("POST", f"https://{ns}.tmprl.cloud:7233/temporal.api.workflowservice.v1.WorkflowService/StartWorkflowExecution",
                [("content-type", "application/grpc"), ("te", "trailers"), ("authorization", "Bearer " + key),
                 ("temporal-namespace", ns), ("user-agent", "grpc-go/1.67.1")], grpc_frame(message)),
        response(200, [("content-type", "application/grpc"), ("grpc-status", "0")], grpc_frame(pb((1, run), (2, 1)))))]


# ---------------------------------------------------------------------------------------------
# Content, support and hosting panels
# ---------------------------------------------------------------------------------------------

@SPLIT.case("ghost-admin-jwt-from-key-and-public-content-key", "public")
def _():
    key_id = hx(24)
    key_secret = hx(64)
    now = epoch()
    head = b64u_json({"alg": "HS256", "kid": key_id, "typ": "JWT"})
    claims = b64u_json({"iat": now, "exp": now + 300, "aud": "/admin/"})
    sig = b64u(hmac.new(bytes.fromhex(key_secret), (head + "." + claims).encode(), hashlib.sha256).digest())
    token = S(head + "." + claims + "." + sig, "jwt", "header Authorization Ghost")
    hook = S(an(32), "webhook-secret", "json webhook secret")
    content = O(hx(26), "publishable-key", "query key")
    post = O(hx(24), "id", "json post id")
    post_uuid = O(uid(), "id", "json post uuid")
    return [
        interaction(request("POST", "https://journal.fernhill.example/ghost/api/admin/webhooks/",
                            [("Authorization", "Ghost " + token), ("Accept-Version", "v5.0"), CT_JSON, UA_NODE],
                            {"webhooks": [{"event": "post.published", "target_url": "https://build.fernhill.example/rebuild",
                                           "secret": hook, "name": "Rebuild static site"}]}),
                    ok({"webhooks": [{"id": hx(24), "event": "post.published", "secret": hook, "status": "available"}]}, status=201)),
        interaction(request("GET", f"https://journal.fernhill.example/ghost/api/content/posts/?key={content}&limit=1", [UA_NODE]),
                    ok({"posts": [{"id": post, "uuid": post_uuid, "title": "Winter planting notes", "slug": "winter-planting-notes",
                                   "published_at": O("2026-11-29T07:00:00.000+00:00", "timestamp", "json published_at")}],
                        "meta": {"pagination": {"page": 1, "limit": 1, "pages": 34, "total": 34}}})),
    ]


@SPLIT.case("crisp-conversation-message-with-seed-phrase", "plain")
def _():
    ident = uid()
    key = S(hx(64), "api-key", "basic auth password")
    phrase = S(mnemonic(12), "mnemonic", "json message content prose")
    website = O(uid(), "id", "path website id")
    session = O("session_" + uid(), "id", "path session id")
    fingerprint = O(dg(15), "id", "json fingerprint")
    return [interaction(
        request("POST", f"https://api.crisp.chat/v1/website/{website}/conversation/{session}/message",
                [("Authorization", basic(ident, key)), ("X-Crisp-Tier", "plugin"), CT_JSON, UA_NODE],
                {"type": "text", "from": "user", "origin": "chat",
                 "content": f"hi, my wallet shows zero balance since yesterday. here is my recovery phrase so you can check: {phrase}"}),
        ok({"error": False, "reason": "dispatched", "data": {"fingerprint": int(fingerprint)}}, status=202))]


@SPLIT.case("cpanel-uapi-token-totp-seed-and-mailbox-password", "plain")
def _():
    token = S(F.pick(UPPER + "0123456789", 32), "api-key", "header Authorization cpanel")
    seed = S(F.pick(B32, 32), "otp-seed", "json secret and otpauth uri")
    mail_pw = S(F.password(), "password", "query password")
    domain = O("bakery-site.example", "name", "query domain")
    quota = O("1073741824", "id", "json quota bytes")
    auth = [("Authorization", "cpanel bakery:" + token), UA]
    return [
        interaction(request("GET", "https://host7.panelhost.example:2083/execute/TwoFactorAuth/generate_user_configuration", auth),
                    ok({"status": 1, "errors": None, "messages": None, "warnings": None, "metadata": {},
                        "data": {"secret": seed, "otpauth_str": f"otpauth://totp/cPanel:bakery?secret={seed}&issuer=cPanel"}})),
        interaction(request("GET", f"https://host7.panelhost.example:2083/execute/TwoFactorAuth/set_user_configuration?secret={seed}&tfa_token=482913", auth),
                    ok({"status": 1, "data": {"tfa_configured": 1}})),
        interaction(request("GET", f"https://host7.panelhost.example:2083/execute/Email/add_pop?email=orders&password={q(mail_pw)}&quota=1024&domain={domain}", auth),
                    ok({"status": 1, "data": f"orders+{domain}", "metadata": {"quota_bytes": quota}})),
    ]


@SPLIT.case("web3-alchemy-key-in-path-infura-secret-and-etherscan-query", "identifiers")
def _():
    alchemy = S(bu(32), "api-key", "path alchemy key")
    project = hx(32)
    infura = S(hx(32), "api-key", "basic auth password")
    etherscan = S(F.pick(UPPER + "0123456789", 34), "api-key", "query apikey")
    tx = O("0x" + hx(64), "hash", "json transactionHash")
    block = O("0x" + hx(64), "hash", "json blockHash")
    addr = O("0x" + hx(40), "id", "json from address")
    return [
        interaction(request("POST", f"https://eth-mainnet.g.alchemy.com/v2/{alchemy}", [CT_JSON, UA_NODE],
                            {"jsonrpc": "2.0", "id": 1, "method": "eth_getTransactionReceipt", "params": [tx]}),
                    ok({"jsonrpc": "2.0", "id": 1, "result": {"transactionHash": tx, "blockHash": block, "blockNumber": "0x1406f40",
                                                              "from": addr, "to": "0x" + hx(40), "status": "0x1", "gasUsed": "0x5208", "logs": []}})),
        interaction(request("POST", f"https://mainnet.infura.io/v3/{project}", [("Authorization", basic("", infura)), CT_JSON, UA_NODE],
                            {"jsonrpc": "2.0", "id": 2, "method": "eth_getBalance", "params": [addr, "latest"]}),
                    ok({"jsonrpc": "2.0", "id": 2, "result": "0x2c68af0bb140000"})),
        interaction(request("GET", f"https://api.etherscan.io/v2/api?chainid=1&module=account&action=txlist&address={addr}&page=1&offset=1&apikey={etherscan}", [UA_NODE]),
                    ok({"status": "1", "message": "OK", "result": [{"hash": tx, "blockHash": block, "from": addr, "timeStamp": "1796106600"}]})),
    ]


@SPLIT.case("sops-encrypted-yaml-public-recipient-and-committed-age-key", "public")
def _():
    token = S(hx(40), "access-token", "header Authorization token")
    secret_key = S(age(F), "private-key", "raw keys.txt")
    recipient = O(bech32_encode("age", F.bytes(32)), "public-key", "yaml sops age recipient")

    def enc(nbytes):
        return f"ENC[AES256_GCM,data:{b64(F.bytes(nbytes))},iv:{b64(F.bytes(32))},tag:{b64(F.bytes(16))},type:str]"

    db_enc = O(enc(24), "ciphertext", "yaml db_password value")
    mac = O(enc(64), "ciphertext", "yaml sops mac")
    armored = b64(b"age-encryption.org/v1\n-> X25519 " + b64(F.bytes(32)).rstrip("=").encode() + b"\n" + F.bytes(64))
    armored_lines = "\n".join("                " + armored[i:i + 64] for i in range(0, len(armored), 64))
    yaml_text = (f"db_password: {db_enc}\nsmtp_password: {enc(18)}\nsops:\n    age:\n        - recipient: {recipient}\n"
                 "          enc: |\n                -----BEGIN AGE ENCRYPTED FILE-----\n" + armored_lines +
                 "\n                -----END AGE ENCRYPTED FILE-----\n"
                 f'    lastmodified: "2026-11-30T17:02:41Z"\n    mac: {mac}\n    unencrypted_suffix: _unencrypted\n    version: 3.9.1\n')
    keys = f"# created: 2026-11-30T17:00:02Z\n# public key: {recipient}\n{secret_key}\n"
    auth = [("Authorization", "token " + token), UA_GO]
    return [
        interaction(request("GET", "https://codeberg.org/api/v1/repos/fieldnotes/infra/raw/secrets.enc.yaml?ref=main", auth),
                    ok(yaml_text, "text/plain; charset=utf-8")),
        interaction(request("GET", "https://codeberg.org/api/v1/repos/fieldnotes/infra/raw/keys.txt?ref=main", auth),
                    ok(keys, "text/plain; charset=utf-8")),
    ]


# ---------------------------------------------------------------------------------------------
# Run
# ---------------------------------------------------------------------------------------------

if __name__ == "__main__":
    SPLIT.main(cassette_views)
