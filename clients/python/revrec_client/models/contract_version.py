from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.reallocation import Reallocation





T = TypeVar("T", bound="ContractVersion")



@_attrs_define
class ContractVersion:
    """ One version of a contract and its effect.

        Attributes:
            catch_up (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            change (str): `initial`, `prospective`, `cumulative_catch_up`, `termination`, `fulfillment`,
                `progress`, `estimate` (a change in a variable component's estimate, booked as a
                cumulative catch-up), `expected_usage` (a credits line's expected usage revised, the
                same way) or `restatement` (a recalculation job's change of policy: every earlier
                version computed under its convention from then on; they read back as recorded).
            reallocations (list[Reallocation]): Obligations whose allocation the version changed (a prospective change re-
                allocates
                what remains; a termination leaves each what it earned).
            recorded_at (datetime.datetime):
            recorded_by (str): Who recorded it: `key:<id>`, `oauth:<client_id>`, `sandbox`, `cli`,
                `console:<email>`, or for a restatement the job's requester; `unknown` for versions
                recorded before actors were kept. Never a secret. Example: key:key_01h8.
            transaction_price (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            version (int):
            component_id (None | str | Unset): The variable component an estimate reassessed.
            effective_date (datetime.date | None | Unset): The first day under the version (none for the initial one and for
                a restatement,
                which reaches back to the start).
            percent_complete (Decimal | None | Unset):
            pob_id (None | str | Unset): The obligation an event satisfied, or whose expected usage a revision revised.
            recognized (Decimal | None | Unset):
     """

    catch_up: Decimal
    change: str
    reallocations: list[Reallocation]
    recorded_at: datetime.datetime
    recorded_by: str
    transaction_price: Decimal
    version: int
    component_id: None | str | Unset = UNSET
    effective_date: datetime.date | None | Unset = UNSET
    percent_complete: Decimal | None | Unset = UNSET
    pob_id: None | str | Unset = UNSET
    recognized: Decimal | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.reallocation import Reallocation # noqa: PLC0415
        catch_up = self.catch_up

        change = self.change

        reallocations = []
        for reallocations_item_data in self.reallocations:
            reallocations_item = reallocations_item_data.to_dict()
            reallocations.append(reallocations_item)



        recorded_at = self.recorded_at.isoformat()

        recorded_by = self.recorded_by

        transaction_price = self.transaction_price

        version = self.version

        component_id: None | str | Unset
        if isinstance(self.component_id, Unset):
            component_id = UNSET
        else:
            component_id = self.component_id

        effective_date: None | str | Unset
        if isinstance(self.effective_date, Unset):
            effective_date = UNSET
        elif isinstance(self.effective_date, datetime.date):
            effective_date = self.effective_date.isoformat()
        else:
            effective_date = self.effective_date

        percent_complete: Decimal | None | Unset
        if isinstance(self.percent_complete, Unset):
            percent_complete = UNSET
        else:
            percent_complete = self.percent_complete

        pob_id: None | str | Unset
        if isinstance(self.pob_id, Unset):
            pob_id = UNSET
        else:
            pob_id = self.pob_id

        recognized: Decimal | None | Unset
        if isinstance(self.recognized, Unset):
            recognized = UNSET
        else:
            recognized = self.recognized


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "catch_up": catch_up,
            "change": change,
            "reallocations": reallocations,
            "recorded_at": recorded_at,
            "recorded_by": recorded_by,
            "transaction_price": transaction_price,
            "version": version,
        })
        if component_id is not UNSET:
            field_dict["component_id"] = component_id
        if effective_date is not UNSET:
            field_dict["effective_date"] = effective_date
        if percent_complete is not UNSET:
            field_dict["percent_complete"] = percent_complete
        if pob_id is not UNSET:
            field_dict["pob_id"] = pob_id
        if recognized is not UNSET:
            field_dict["recognized"] = recognized

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reallocation import Reallocation # noqa: PLC0415
        d = dict(src_dict)
        catch_up = Decimal(d.pop("catch_up"))




        change = d.pop("change")

        reallocations = []
        _reallocations = d.pop("reallocations")
        for reallocations_item_data in (_reallocations):
            reallocations_item = Reallocation.from_dict(reallocations_item_data)



            reallocations.append(reallocations_item)


        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))




        recorded_by = d.pop("recorded_by")

        transaction_price = Decimal(d.pop("transaction_price"))




        version = d.pop("version")

        def _parse_component_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        component_id = _parse_component_id(d.pop("component_id", UNSET))


        def _parse_effective_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                effective_date_type_0 = datetime.date.fromisoformat(data)



                return effective_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        effective_date = _parse_effective_date(d.pop("effective_date", UNSET))


        def _parse_percent_complete(data: object) -> Decimal | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                percent_complete_type_1 = Decimal(data)



                return percent_complete_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | Unset, data)

        percent_complete = _parse_percent_complete(d.pop("percent_complete", UNSET))


        def _parse_pob_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pob_id = _parse_pob_id(d.pop("pob_id", UNSET))


        def _parse_recognized(data: object) -> Decimal | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                recognized_type_1 = Decimal(data)



                return recognized_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | Unset, data)

        recognized = _parse_recognized(d.pop("recognized", UNSET))


        contract_version = cls(
            catch_up=catch_up,
            change=change,
            reallocations=reallocations,
            recorded_at=recorded_at,
            recorded_by=recorded_by,
            transaction_price=transaction_price,
            version=version,
            component_id=component_id,
            effective_date=effective_date,
            percent_complete=percent_complete,
            pob_id=pob_id,
            recognized=recognized,
        )


        contract_version.additional_properties = d
        return contract_version

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
