from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.account_body import AccountBody





T = TypeVar("T", bound="RevenueAccounts")



@_attrs_define
class RevenueAccounts:
    """ One revenue account per `pob_type`.

        Attributes:
            hardware (AccountBody): An account's code and name.
            license_ (AccountBody): An account's code and name.
            services (AccountBody): An account's code and name.
            subscription (AccountBody): An account's code and name.
            support (AccountBody): An account's code and name.
            usage (AccountBody | Unset): An account's code and name.
     """

    hardware: AccountBody
    license_: AccountBody
    services: AccountBody
    subscription: AccountBody
    support: AccountBody
    usage: AccountBody | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.account_body import AccountBody # noqa: PLC0415
        hardware = self.hardware.to_dict()

        license_ = self.license_.to_dict()

        services = self.services.to_dict()

        subscription = self.subscription.to_dict()

        support = self.support.to_dict()

        usage: dict[str, Any] | Unset = UNSET
        if not isinstance(self.usage, Unset):
            usage = self.usage.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hardware": hardware,
            "license": license_,
            "services": services,
            "subscription": subscription,
            "support": support,
        })
        if usage is not UNSET:
            field_dict["usage"] = usage

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_body import AccountBody # noqa: PLC0415
        d = dict(src_dict)
        hardware = AccountBody.from_dict(d.pop("hardware"))




        license_ = AccountBody.from_dict(d.pop("license"))




        services = AccountBody.from_dict(d.pop("services"))




        subscription = AccountBody.from_dict(d.pop("subscription"))




        support = AccountBody.from_dict(d.pop("support"))




        _usage = d.pop("usage", UNSET)
        usage: AccountBody | Unset
        if isinstance(_usage,  Unset):
            usage = UNSET
        else:
            usage = AccountBody.from_dict(_usage)




        revenue_accounts = cls(
            hardware=hardware,
            license_=license_,
            services=services,
            subscription=subscription,
            support=support,
            usage=usage,
        )

        return revenue_accounts

