"""Sends a PDF to one number and waits until the fax is delivered:
FAXLINE_API_URL=https://faxline.example.com/v1 FAXLINE_API_KEY=fl_live_... python3 send_and_wait.py letter.pdf +15550100000
"""

import base64
import os
import sys
import uuid

from faxline import Faxline

document, recipient = sys.argv[1], sys.argv[2]
faxline = Faxline(os.environ["FAXLINE_API_URL"], os.environ["FAXLINE_API_KEY"])

with open(document, "rb") as pdf:
    content = base64.b64encode(pdf.read()).decode("ascii")
# Keep the idempotency key with your own record of the send: a retry with it never sends the fax twice.
accepted = faxline.send_fax(
    {"recipient": recipient, "files": [{"name": os.path.basename(document), "content": content}]},
    idempotency_key=str(uuid.uuid4()),
)
fax = faxline.wait_for_fax(accepted["fax_id"], timeout=300, interval=2)
print(fax["id"], fax["status"], fax["pages"])
sys.exit(0 if fax["status"] == "delivered" else 1)
